import { describe, expect, it } from 'vitest';
import { PdfLayout, textWidth, wrapText } from './layout.ts';
import { pdfText } from './test-helpers.ts';

const info = { title: 'Test', author: 'Zerri', createdAt: new Date('2026-01-01T00:00:00Z') };

describe('the PDF toolkit', () => {
  it('prints names in any of the fonts’ scripts as extractable text, each font embedded as a subset', async () => {
    const layout = new PdfLayout(info);
    for (const line of ['Łukasz Żółć', '山田太郎', 'Ольга Петрова', 'Νίκος', 'Nguyễn Văn An', 'Total ₹1,234.50 · €5 · ¥300']) {
      layout.text(layout.left, line, { size: 12, bold: line.startsWith('山') }).down(20);
    }
    const pdf = await layout.save();
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    for (const line of ['Łukasz Żółć', '山田太郎', 'Ольга Петрова', 'Νίκος', 'Nguyễn Văn An', '₹1,234.50']) expect(text).toContain(line);
    // Subsets: a whole Noto Sans JP slice is about 57 KB; the six glyph sets drawn here together stay far below.
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('draws a character no font has as "?"', async () => {
    const layout = new PdfLayout(info);
    layout.text(layout.left, 'Thanks 🙂!', { size: 12 });
    expect((await pdfText(await layout.save())).text).toContain('Thanks ?!');
  });

  it('wraps by measured width, at spaces or inside text without them, and right-aligns by width', () => {
    expect(textWidth('WWW', 10)).toBeGreaterThan(textWidth('iii', 10) * 2);
    const lines = wrapText('one two three four five six seven', textWidth('one two three', 10), 10);
    expect(lines).toEqual(['one two three', 'four five six', 'seven']);
    const japanese = wrapText('山田太郎山田太郎山田太郎', textWidth('山田太郎', 10), 10);
    expect(japanese).toEqual(['山田太郎', '山田太郎', '山田太郎']);
    expect(wrapText('a\nb', 100, 10)).toEqual(['a', 'b']);
  });

  it('starts a new page when the text reaches the bottom margin', async () => {
    const layout = new PdfLayout(info);
    const repeated: number[] = [];
    layout.onNewPage = () => repeated.push(layout.pageCount);
    for (let line = 1; line <= 120; line++) layout.paragraph(layout.left, `Line ${line}`, { size: 10 });
    const { text, pages } = await pdfText(await layout.save());
    expect(pages).toBe(3);
    expect(repeated).toEqual([2, 3]);
    expect(text).toContain('Line 1\n');
    expect(text).toContain('Line 120');
  });
});
