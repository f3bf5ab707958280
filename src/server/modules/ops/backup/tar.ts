import type { Readable, Writable } from 'node:stream';

/**
 * A minimal ustar writer and reader (regular files only), so a backup is a plain .tar.gz that
 * `tar -tzf` lists, without a dependency. Entries stream: a file is never held in memory whole.
 */
const BLOCK = 512;

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0') + '\0';
}

/** ustar keeps names in two fields: prefix (155) "/" name (100). */
function splitName(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  for (let at = path.indexOf('/'); at > 0; at = path.indexOf('/', at + 1)) {
    const prefix = path.slice(0, at);
    const name = path.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw new Error(`Name too long for the archive: ${path}`);
}

export function tarHeader(path: string, size: number, mtime = new Date()): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(path);
  header.write(name, 0, 100);
  header.write(octal(0o644, 8), 100);
  header.write(octal(0, 8), 108);
  header.write(octal(0, 8), 116);
  header.write(octal(size, 12), 124);
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  header.write('        ', 148); // the checksum counts its own field as spaces
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  header.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function write(out: Writable, chunk: Buffer) {
  if (!out.write(chunk)) await new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      out.off('error', reject);
      resolve();
    };
    out.once('drain', onDrain);
    out.once('error', reject);
  });
}

export class TarWriter {
  constructor(private readonly out: Writable) {}

  /** Adds a file of exactly `size` bytes read from `body`. */
  async add(path: string, size: number, body: Readable | Buffer) {
    await write(this.out, tarHeader(path, size));
    let written = 0;
    if (Buffer.isBuffer(body)) {
      await write(this.out, body);
      written = body.length;
    } else {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        written += chunk.length;
        if (written > size) throw new Error(`${path} grew while it was archived`);
        await write(this.out, chunk);
      }
    }
    if (written !== size) throw new Error(`${path}: expected ${size} bytes, read ${written}`);
    await write(this.out, padding(size));
  }

  async finish() {
    await write(this.out, Buffer.alloc(BLOCK * 2));
    await new Promise<void>((resolve, reject) => this.out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}

/** Reads exact byte counts from a stream. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly source: AsyncIterator<Buffer>;

  constructor(stream: Readable) {
    this.source = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  /** Up to `max` bytes (at least one), or undefined at the end of the stream. */
  async some(max: number): Promise<Buffer | undefined> {
    if (this.length === 0) {
      const next = await this.source.next();
      if (next.done) return undefined;
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    const first = this.buffered[0]!;
    const piece = first.length <= max ? first : first.subarray(0, max);
    if (piece === first) this.buffered.shift();
    else this.buffered[0] = first.subarray(max);
    this.length -= piece.length;
    return piece;
  }

  async exact(size: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let got = 0; got < size; ) {
      const piece = await this.some(size - got);
      if (!piece) throw new Error('The archive ends in the middle of an entry.');
      parts.push(piece);
      got += piece.length;
    }
    return Buffer.concat(parts);
  }

  async *chunks(size: number): AsyncGenerator<Buffer> {
    for (let left = size; left > 0; ) {
      const piece = await this.some(left);
      if (!piece) throw new Error('The archive ends in the middle of an entry.');
      left -= piece.length;
      yield piece;
    }
  }
}

export interface TarEntry {
  path: string;
  size: number;
  /** The entry's bytes; read them (or not) before asking for the next entry. */
  body: AsyncGenerator<Buffer>;
}

export async function* readTar(stream: Readable): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(stream);
  for (;;) {
    const header = await reader.exact(BLOCK);
    if (header.every((byte) => byte === 0)) return;
    const field = (start: number, length: number) => header.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '');
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (sum !== Number.parseInt(field(148, 8).trim(), 8)) throw new Error('The archive is damaged (bad header checksum).');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const prefix = field(345, 155);
    const name = field(0, 100);
    const type = field(156, 1) || '0';
    let consumed = 0;
    const body = (async function* () {
      for await (const piece of reader.chunks(size)) {
        consumed += piece.length;
        yield piece;
      }
    })();
    if (type === '0') yield { path: prefix ? `${prefix}/${name}` : name, size, body };
    // Whatever the consumer did not read (and entries of other types) is skipped.
    for await (const _piece of reader.chunks(size - consumed)) consumed += _piece.length;
    await reader.exact((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
