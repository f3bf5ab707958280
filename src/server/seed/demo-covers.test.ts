import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/products.ts';
import { DEMO_PRODUCTS } from './demo-catalog.ts';
import { COVER_HEIGHT, COVER_WIDTH, demoCoverSvg, wrapWords } from './demo-covers.ts';

const cover = (index: number) => {
  const demo = DEMO_PRODUCTS[index]!;
  return demoCoverSvg({ name: demo.name, category: demo.category, colors: demo.colors, author: 'Maya Chen' });
};
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>(.*?)<\/text>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());

// Issue #20: demo covers look like product art for their category, not a gradient repeating the title.
describe('demo product covers', () => {
  it('draws a different kind of picture for each category, each rendering at 1200×750', async () => {
    const arts = new Map<string, string>();
    for (const [index, demo] of DEMO_PRODUCTS.entries()) {
      const svg = cover(index);
      if (arts.has(demo.category)) continue;
      arts.set(demo.category, /data-art="([a-z]+)"/.exec(svg)![1]!);
      const { info, data } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([COVER_WIDTH, COVER_HEIGHT]);
      // A picture, not a flat fill: its pixels differ.
      expect(new Set(Array.from({ length: 500 }, (_, i) => data.readUInt32LE(Math.floor((i / 500) * (data.length - 4)) & ~3))).size).toBeGreaterThan(20);
    }
    expect([...arts.keys()].sort()).toEqual([...CATEGORIES].sort());
    expect(new Set(arts.values()).size).toBe(CATEGORIES.length);
  });

  it('puts words only on an eBook, as its cover: the whole title over several lines and the author, never the category', () => {
    for (const [index, demo] of DEMO_PRODUCTS.entries()) {
      const words = texts(cover(index));
      if (demo.category === 'eBook') expect(words).toEqual([demo.name, 'MAYA CHEN']);
      else expect(words).toEqual([]);
      for (const word of words) expect(word).not.toContain(demo.category);
    }
    const handbook = DEMO_PRODUCTS.findIndex((demo) => demo.name === 'AI Prompt Library for Designers');
    expect(cover(handbook).match(/<tspan/g)!.length).toBeGreaterThan(1);
  });

  it('draws the same product the same way each time, and two products of a category differently', () => {
    expect(cover(0)).toBe(cover(0));
    const templates = DEMO_PRODUCTS.flatMap((demo, index) => (demo.category === 'Templates' ? [cover(index)] : []));
    expect(new Set(templates).size).toBe(templates.length);
  });

  it('escapes a title for the SVG', () => {
    const svg = demoCoverSvg({ name: 'Tips & <Tricks>', category: 'eBook', colors: ['#000000', '#ffffff'], author: 'A "B"' });
    expect(svg).toContain('>Tips &amp;</tspan>');
    expect(svg).toContain('>&lt;Tricks&gt;</tspan>');
    expect(svg).toContain('>A &quot;B&quot;</text>');
    expect(svg).not.toContain('<Tricks>');
  });

  it('wraps words into lines, a word too long for one keeping a line of its own', () => {
    expect(wrapWords('Instagram Carousel Templates', 12)).toEqual(['Instagram', 'Carousel', 'Templates']);
    expect(wrapWords('AI Prompt Library for Designers', 12)).toEqual(['AI Prompt', 'Library for', 'Designers']);
    expect(wrapWords('Supercalifragilistic kit', 8)).toEqual(['Supercalifragilistic', 'kit']);
  });
});
