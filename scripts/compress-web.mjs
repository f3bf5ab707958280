// Writes .br and .gz beside each text asset of the web build; the server sends them to browsers
// that accept them (@fastify/static preCompressed), with no compression work per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const outDir = process.env.WEB_OUT_DIR ? path.resolve(root, 'src/web', process.env.WEB_OUT_DIR) : path.join(root, 'dist/web');
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.html', '.json', '.txt', '.xml', '.webmanifest']);

let files = 0;
for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(file))) continue;
  const content = fs.readFileSync(file);
  if (content.length < 512) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  files += 1;
}
console.log(`compressed ${files} web assets`);
