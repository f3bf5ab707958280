import { describe, expect, it } from 'vitest';
import { parseProductDraft, productDraftInstructions } from './ai-product-draft.ts';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, TAG_MAX_LENGTH, TAGS_MAX } from './products.ts';

const DRAFT = 'TITLE: Watercolor Brush Pack\nTAGS: Design, Illustration, Watercolor\nDESCRIPTION:\nTwenty brushes for Procreate.\n\nWorks on any iPad.';

describe('parseProductDraft', () => {
  it('reads the title, tags and description of a whole draft', () => {
    expect(parseProductDraft(DRAFT, { complete: true })).toEqual({
      title: 'Watercolor Brush Pack',
      tags: ['Design', 'Illustration', 'Watercolor'],
      description: 'Twenty brushes for Procreate.\n\nWorks on any iPad.',
    });
  });

  it('fills in as the stream arrives, never showing half a tag', () => {
    expect(parseProductDraft('TIT')).toEqual({ title: '', tags: [], description: '' });
    expect(parseProductDraft('TITLE: Water').title).toBe('Water');
    expect(parseProductDraft('TITLE: Watercolor Brush Pack\nTAGS: Design, Illus')).toMatchObject({ title: 'Watercolor Brush Pack', tags: ['Design'] });
    expect(parseProductDraft('TITLE: A\nTAGS: Design, Illustration\nDESCR').tags).toEqual(['Design', 'Illustration']);
    expect(parseProductDraft('TITLE: A\nTAGS: Design\nDESCRIPTION:\nTwenty bru').description).toBe('Twenty bru');
    // Every prefix of a draft parses to a prefix of the final fields.
    const final = parseProductDraft(DRAFT, { complete: true });
    for (let end = 0; end <= DRAFT.length; end++) {
      const partial = parseProductDraft(DRAFT.slice(0, end));
      expect(final.title.startsWith(partial.title)).toBe(true);
      expect(final.description.startsWith(partial.description)).toBe(true);
      expect(final.tags.slice(0, partial.tags.length)).toEqual(partial.tags);
    }
  });

  it('takes the last tag once the stream is complete', () => {
    expect(parseProductDraft('TITLE: A\nTAGS: Design, Illustration', { complete: true }).tags).toEqual(['Design', 'Illustration']);
  });

  it('keeps to the product form’s limits', () => {
    const long = parseProductDraft(
      `TITLE: ${'Very long name '.repeat(20)}\nTAGS: ${[...Array(30).keys()].map((i) => `tag${i}`).join(', ')}, ${'x'.repeat(TAG_MAX_LENGTH + 1)}\nDESCRIPTION:\n${'word '.repeat(2000)}`,
      { complete: true },
    );
    expect(long.title.length).toBeLessThanOrEqual(PRODUCT_NAME_MAX);
    expect(long.title.endsWith(' ')).toBe(false);
    expect(long.tags).toHaveLength(TAGS_MAX);
    expect(long.tags.every((tag) => tag.length <= TAG_MAX_LENGTH)).toBe(true);
    expect(long.description.length).toBeLessThanOrEqual(PRODUCT_DESCRIPTION_MAX);
  });

  it('ignores decoration, repeats and text before the first header', () => {
    const messy = 'Sure! Here is your draft:\n\n**Title:** "Lo-fi Beats Vol. 2"\n**Tags:** #music, Music, lo-fi, , beats\n**Description:** Ten loops.\nMore below.\nTags: not a header twice';
    expect(parseProductDraft(messy, { complete: true })).toEqual({
      title: 'Lo-fi Beats Vol. 2',
      tags: ['music', 'lo-fi', 'beats'],
      description: 'Ten loops.\nMore below.\nTags: not a header twice',
    });
  });

  it('takes an answer without the format as the description, once complete', () => {
    expect(parseProductDraft('Just some prose')).toEqual({ title: '', tags: [], description: '' });
    expect(parseProductDraft('Just some prose', { complete: true })).toEqual({ title: '', tags: [], description: 'Just some prose' });
    expect(parseProductDraft('', { complete: true })).toEqual({ title: '', tags: [], description: '' });
  });

  it('asks the provider for that format and names the category', () => {
    const instructions = productDraftInstructions('Audio');
    expect(instructions).toContain('TITLE:');
    expect(instructions).toContain('DESCRIPTION:');
    expect(instructions).toContain('category is Audio');
    expect(productDraftInstructions()).not.toContain('category');
  });
});
