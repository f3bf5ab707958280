import { Transform } from 'node:stream';
import { LimitExceededError } from './storage.ts';

/** Passes bytes through and fails the moment more than `maxBytes` have gone by. */
export function limitStream(maxBytes: number): Transform & { bytes: () => number } {
  let seen = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new LimitExceededError(maxBytes));
      else callback(null, chunk);
    },
  });
  return Object.assign(stream, { bytes: () => seen });
}
