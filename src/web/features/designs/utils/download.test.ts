import { describe, expect, it } from 'vitest';
import { dataUrlToBlob, safeFileName } from './download.ts';

describe('design downloads', () => {
  it('turns a data URL into a Blob of its type and bytes', async () => {
    const blob = dataUrlToBlob(`data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64')}`);
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('falls back to a generic type for a data URL without one', () => {
    expect(dataUrlToBlob('data:;base64,AA==').type).toBe('application/octet-stream');
  });

  it('replaces characters file systems refuse, and never gives an empty name', () => {
    expect(safeFileName('My: "best"/design?.png')).toBe('My- -best--design-.png');
    expect(safeFileName('tab\there')).toBe('tab-here');
    expect(safeFileName('  Poster  ')).toBe('Poster');
    expect(safeFileName('   ')).toBe('design');
  });
});
