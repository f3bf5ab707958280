import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, PayloadTooLargeError } from './errors.ts';
import { EDGE_MESSAGES, hasControlCharacters } from './security.ts';
import { limitStream } from './storage/limit-stream.ts';
import { LimitExceededError } from './storage/storage.ts';

export interface FileRule {
  maxBytes: number;
  /** The 413 message when the file is larger, and its code (payload_too_large unless given). */
  tooLarge: string;
  code?: string;
}

export interface ReceivedFile {
  /** A temporary file; gone after `cleanup()`. */
  path: string;
  filename: string;
  size: number;
}

export interface ReceivedMultipart {
  fields: Record<string, string>;
  files: Record<string, ReceivedFile>;
  cleanup(): Promise<void>;
}

/**
 * The folder where uploads wait while their request is handled: `DATA_DIR/tmp/uploads`, not the
 * OS temp folder, so they stay on the data volume and nothing is left there after a crash: the
 * leftovers of requests cut short (kill -9, power cut) are removed here, at start, as storage's
 * `.incoming` is.
 */
export function prepareUploadDir(dataDir: string): string {
  const dir = path.join(dataDir, 'tmp', 'uploads');
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  return dir;
}

/**
 * Reads a multipart form, streaming each expected file into a temporary file in `uploadDir` (see
 * prepareUploadDir) under its size limit (413 past it). Unexpected and empty file parts are read
 * and dropped. The caller checks and stores the files, then calls `cleanup()`.
 */
export async function receiveMultipart(request: FastifyRequest, uploadDir: string, rules: Record<string, FileRule>): Promise<ReceivedMultipart> {
  const fields: Record<string, string> = {};
  const files: Record<string, ReceivedFile> = {};
  const cleanup = async () => {
    await Promise.all(Object.values(files).map((file) => fs.promises.rm(file.path, { force: true })));
  };
  let failure: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        // Text fields get the same edge rule as JSON strings and addresses (platform/security.ts).
        if (typeof part.value === 'string' && (hasControlCharacters(part.value) || hasControlCharacters(part.fieldname))) {
          failure ??= new AppError(400, 'invalid_characters', EDGE_MESSAGES.controlCharacters);
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      if (failure || !rule || part.filename === '' || files[part.fieldname]) {
        await drain(part.file);
        continue;
      }
      const temporary = path.join(uploadDir, randomUUID());
      const limit = limitStream(rule.maxBytes);
      try {
        await pipeline(part.file, limit, fs.createWriteStream(temporary, { flags: 'wx' }));
        files[part.fieldname] = { path: temporary, filename: part.filename, size: limit.bytes() };
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        failure = error instanceof LimitExceededError ? new PayloadTooLargeError(rule.tooLarge, rule.code) : error;
        await drain(part.file);
      }
    }
    if (failure) throw failure;
    return { fields, files, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function drain(stream: NodeJS.ReadableStream & { readableEnded?: boolean }) {
  if (stream.readableEnded) return;
  stream.resume();
  await new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

/** Recognises a video by its first bytes: MP4/MOV (ftyp), WebM/Matroska, Ogg. */
export async function videoExtension(file: string): Promise<'.mp4' | '.webm' | '.ogv' | undefined> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    await handle.read(head, 0, 12, 0);
    if (head.subarray(4, 8).toString('latin1') === 'ftyp') return '.mp4';
    if (head.readUInt32BE(0) === 0x1a45dfa3) return '.webm';
    if (head.subarray(0, 4).toString('latin1') === 'OggS') return '.ogv';
    return undefined;
  } finally {
    await handle.close();
  }
}
