// The PDF toolkit's fonts: Noto Sans and Noto Sans JP from @fontsource, one file per unicode
// subset and weight. Each character is drawn with the first subset whose unicode-range covers it
// (Noto Sans's before Noto Sans JP's slices). Files are read when a character first needs them
// and kept for the process; a document embeds only the glyphs it draws.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';

export type FontWeight = 400 | 700;

export interface FontFace {
  /** e.g. `noto-sans-latin`, `noto-sans-jp-114`: the file name less its weight. */
  key: string;
  ranges: [number, number][];
  dir: string;
}

type Measurer = ReturnType<typeof fontkit.create>;

const FAMILIES = ['noto-sans', 'noto-sans-jp'] as const;

function parseRanges(value: string): [number, number][] {
  return value.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from!, 16);
    return [start, to ? Number.parseInt(to, 16) : start];
  });
}

let faces: FontFace[] | undefined;

/** Every subset of both families, in the order characters look for a face. */
function allFaces(): FontFace[] {
  if (faces) return faces;
  const require = createRequire(import.meta.url);
  faces = FAMILIES.flatMap((family) => {
    // The packages export only their CSS; their LICENSE names the folder.
    const dir = dirname(require.resolve(`@fontsource/${family}/LICENSE`));
    const subsets = JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
    const named = Object.entries(subsets).map(([subset, ranges]) => ({
      // Noto Sans JP's kanji slices are keyed "[114]" and their files "noto-sans-jp-114-…".
      key: `${family}-${subset.replace(/^\[(\d+)\]$/, '$1')}`,
      ranges: parseRanges(ranges),
      dir: join(dir, 'files'),
    }));
    // Plain Latin first: it holds the characters most text is made of.
    return named.sort((a, b) => Number(b.key.endsWith('-latin')) - Number(a.key.endsWith('-latin')));
  });
  return faces;
}

const faceOfChar = new Map<number, FontFace | null>();

/** The face that draws `codePoint`, or null when none has it. */
export function faceFor(codePoint: number): FontFace | null {
  let face = faceOfChar.get(codePoint);
  if (face === undefined) {
    face = allFaces().find((candidate) => candidate.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) ?? null;
    faceOfChar.set(codePoint, face);
  }
  return face;
}

const files = new Map<string, { bytes: Uint8Array; measurer: Measurer }>();

/** The face's font file at `weight` (read once), and fontkit's reading of it for measuring text. */
export function fontFile(face: FontFace, weight: FontWeight) {
  const name = `${face.key}-${weight}-normal.woff`;
  let file = files.get(name);
  if (!file) {
    const bytes = new Uint8Array(readFileSync(join(face.dir, name)));
    file = { bytes, measurer: fontkit.create(bytes) };
    files.set(name, file);
  }
  return file;
}
