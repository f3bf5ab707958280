// `npm start`: builds what is missing or stale, then starts Zerri. `npm start -- --demo` seeds demo content.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs;
    return Math.max(latest, time);
  }, 0);
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

const built = Math.min(mtime(path.join(root, 'dist/server/main.js')), mtime(path.join(root, 'dist/web/index.html')));
const sources = Math.max(newest(path.join(root, 'src')), mtime(path.join(root, 'package-lock.json')));
if (built < sources) {
  console.log('Building Zerri (first start or changed sources)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
if (process.argv.includes('--demo')) process.env.SEED_DEMO = 'true';
await import(path.join(root, 'dist/server/main.js'));
