// The PDF toolkit's layout: A4 pages of text (size, bold, grey, right-aligned, wrapped by measured
// width) and rules, drawn top-down from a cursor `y`. Text is split into runs by the font face each
// character needs (fonts.ts); pdf-lib embeds each face used as a subset, so non-Latin names are
// printed and extractable as text.
import { PDFDocument, grayscale, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { faceFor, fontFile, type FontFace, type FontWeight } from './fonts.ts';

/** A4 in points. */
export const PAGE_WIDTH = 595;
export const PAGE_HEIGHT = 842;

export interface TextStyle {
  size: number;
  bold?: boolean;
  /** Grey level 0 (black) to 1 (white). */
  gray?: number;
  align?: 'left' | 'right';
}

interface Run {
  face: FontFace | null;
  text: string;
}

interface DrawText extends Required<Omit<TextStyle, 'align'>> {
  kind: 'text';
  x: number;
  y: number;
  runs: Run[];
}
interface DrawRule {
  kind: 'rule';
  x1: number;
  x2: number;
  y: number;
  width: number;
  gray: number;
}
type Drawing = DrawText | DrawRule;

/** Characters no face has are drawn as "?" (in Latin). */
function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  for (const char of text.normalize('NFC').replace(/[\t\r\n]/g, ' ')) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    const face = faceFor(code);
    const [drawn, drawnFace] = face ? [char, face] : ['?', faceFor(0x3f)];
    const last = runs.at(-1);
    if (last && last.face === drawnFace) last.text += drawn;
    else runs.push({ face: drawnFace, text: drawn });
  }
  return runs;
}

const weightOf = (bold: boolean | undefined): FontWeight => (bold ? 700 : 400);

function runWidth(run: Run, size: number, bold: boolean | undefined): number {
  if (!run.face) return 0;
  const { measurer } = fontFile(run.face, weightOf(bold));
  return (measurer.layout(run.text).advanceWidth * size) / measurer.unitsPerEm;
}

/** The width of `text` in points. */
export function textWidth(text: string, size: number, bold?: boolean): number {
  return runsOf(text).reduce((sum, run) => sum + runWidth(run, size, bold), 0);
}

/** `text` cut to `maxWidth`, with an ellipsis when cut. */
export function fitText(text: string, maxWidth: number, size: number, bold?: boolean): string {
  if (textWidth(text, size, bold) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length && textWidth(`${chars.join('')}…`, size, bold) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Lines of at most `maxWidth`, broken at spaces where possible (and anywhere in a word too long, or in text without spaces). */
export function wrapText(text: string, maxWidth: number, size: number, bold?: boolean): string[] {
  const lines: string[] = [];
  const fits = (value: string) => textWidth(value, size, bold) <= maxWidth;
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const char of word) {
        if (line && !fits(line + char)) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    lines.push(line);
  }
  return lines;
}

export interface DocumentInfo {
  title: string;
  author: string;
  createdAt: Date;
}

/**
 * A document laid out from the top of its first page: draw at `y`, move down with `down`, and
 * `needSpace` starts a new page (calling `onNewPage`, e.g. to repeat a table header) when the rest
 * of this one is too short.
 */
export class PdfLayout {
  readonly margin: number;
  readonly left: number;
  readonly right: number;
  y: number;
  onNewPage?: () => void;
  private readonly pages: Drawing[][] = [[]];

  constructor(
    private readonly info: DocumentInfo,
    options: { margin?: number } = {},
  ) {
    this.margin = options.margin ?? 50;
    this.left = this.margin;
    this.right = PAGE_WIDTH - this.margin;
    this.y = PAGE_HEIGHT - this.margin - 10;
  }

  get pageCount() {
    return this.pages.length;
  }

  /** One line of text at `x` (its right end when right-aligned) on the cursor's line. */
  text(x: number, value: string, style: TextStyle): this {
    const width = style.align === 'right' ? textWidth(value, style.size, style.bold) : 0;
    this.pages.at(-1)!.push({ kind: 'text', x: x - width, y: this.y, runs: runsOf(value), size: style.size, bold: style.bold ?? false, gray: style.gray ?? 0 });
    return this;
  }

  /** Wrapped text from `x` to `x + maxWidth` (at most `maxLines`), the cursor moving below each line. */
  paragraph(x: number, value: string, style: TextStyle & { maxWidth?: number; lineHeight?: number; maxLines?: number }): this {
    const maxWidth = style.maxWidth ?? this.right - x;
    const lines = wrapText(value, maxWidth, style.size, style.bold);
    const shown = style.maxLines && lines.length > style.maxLines ? [...lines.slice(0, style.maxLines - 1), fitText(`${lines[style.maxLines - 1]}…`, maxWidth, style.size, style.bold)] : lines;
    for (const line of shown) {
      this.needSpace(style.lineHeight ?? style.size * 1.4);
      this.text(x, line, style);
      this.down(style.lineHeight ?? style.size * 1.4);
    }
    return this;
  }

  /** A horizontal line across the text area on the cursor's line. */
  rule(options: { width?: number; gray?: number } = {}): this {
    this.pages.at(-1)!.push({ kind: 'rule', x1: this.left, x2: this.right, y: this.y, width: options.width ?? 0.75, gray: options.gray ?? 0.75 });
    return this;
  }

  down(points: number): this {
    this.y -= points;
    return this;
  }

  /** A new page when fewer than `points` are left above the bottom margin. */
  needSpace(points: number): this {
    if (this.y - points >= this.margin) return this;
    this.pages.push([]);
    this.y = PAGE_HEIGHT - this.margin - 10;
    this.onNewPage?.();
    return this;
  }

  /** The file: each font face used embedded once, as a subset of the glyphs drawn. */
  async save(): Promise<Buffer> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    doc.setTitle(this.info.title);
    doc.setAuthor(this.info.author);
    doc.setProducer('Zerri');
    doc.setCreator('Zerri');
    doc.setCreationDate(this.info.createdAt);
    doc.setModificationDate(this.info.createdAt);
    const embedded = new Map<string, Promise<PDFFont>>();
    const fontOf = (face: FontFace, weight: FontWeight) => {
      const key = `${face.key}-${weight}`;
      let font = embedded.get(key);
      if (!font) {
        font = doc.embedFont(fontFile(face, weight).bytes, { subset: true });
        embedded.set(key, font);
      }
      return font;
    };
    for (const drawings of this.pages) {
      const page: PDFPage = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
      for (const drawing of drawings) {
        if (drawing.kind === 'rule') {
          page.drawLine({ start: { x: drawing.x1, y: drawing.y }, end: { x: drawing.x2, y: drawing.y }, thickness: drawing.width, color: grayscale(drawing.gray) });
          continue;
        }
        let x = drawing.x;
        for (const run of drawing.runs) {
          if (!run.face) continue;
          const font = await fontOf(run.face, weightOf(drawing.bold));
          page.drawText(run.text, { x, y: drawing.y, size: drawing.size, font, color: grayscale(drawing.gray) });
          x += runWidth(run, drawing.size, drawing.bold);
        }
      }
    }
    return Buffer.from(await doc.save());
  }
}
