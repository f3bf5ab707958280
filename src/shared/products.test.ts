import { describe, expect, it } from 'vitest';
import { PRODUCT_FORM_CODES, productEditFormSchema, productFormSchema } from './products-form.ts';
import { canReplyToReview, canReviewProduct, REVIEW_MESSAGES, REVIEW_REPLY_MAX, reviewRefusal, reviewReplySchema } from './products-reviews.ts';
import {
  canEditProduct,
  isValidProductSlug,
  productPath,
  productSlugBase,
  slugify,
  parsePriceToCents,
  parseTags,
  priceSliderRange,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_MESSAGES,
  PRODUCT_NAME_MAX,
} from './products.ts';

describe('tags', () => {
  it('splits on commas, trims, drops blanks and repeats', () => {
    expect(parseTags(' Design, ,AI,, design ,Writing ')).toEqual(['Design', 'AI', 'Writing']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('prices', () => {
  it('keeps prices as integer cents', () => {
    expect(parsePriceToCents('12.5')).toBe(1250);
    expect(parsePriceToCents('0')).toBe(0);
    expect(parsePriceToCents('19.99')).toBe(1999);
    expect(parsePriceToCents(7)).toBe(700);
    expect(parsePriceToCents('1000000')).toBe(100_000_000);
  });

  it('refuses negatives, text, three decimals and huge values', () => {
    for (const bad of ['-1', 'abc', '1.234', '', '1e3', '1000000.01', ' . ']) expect(parsePriceToCents(bad)).toBeUndefined();
  });

  it('reads a price in the minor units of the store currency: yen take no decimals', () => {
    expect(parsePriceToCents('1500', 'JPY')).toBe(1500);
    expect(parsePriceToCents('15.5', 'JPY')).toBeUndefined();
    expect(parsePriceToCents('12.5', 'EUR')).toBe(1250);
    expect(parsePriceToCents('100000000', 'JPY')).toBe(100_000_000);
    expect(parsePriceToCents('100000001', 'JPY')).toBeUndefined();
  });
});

describe('price slider range', () => {
  it('spans the floor of the lowest to the ceiling of the highest price', () => {
    expect(priceSliderRange(1999, 12050)).toEqual({ min: 19, max: 121 });
  });

  it('defaults to 0–1000 and widens a single price by 100', () => {
    expect(priceSliderRange(null, null)).toEqual({ min: 0, max: 1000 });
    expect(priceSliderRange(2500, 2500)).toEqual({ min: 25, max: 125 });
  });
});

describe('who may edit a product', () => {
  const product = { userId: 'creator' };
  it('is its creator or an admin', () => {
    expect(canEditProduct({ id: 'creator', role: 'creator' }, product)).toBe(true);
    expect(canEditProduct({ id: 'admin', role: 'admin' }, product)).toBe(true);
    expect(canEditProduct({ id: 'other', role: 'creator' }, product)).toBe(false);
    expect(canEditProduct(null, product)).toBe(false);
  });
});

describe('who may review a product', () => {
  const product = { userId: 'creator' };
  const buyer = { id: 'buyer', emailVerified: true };
  it('is a buyer with a verified e-mail, once, never its creator', () => {
    expect(reviewRefusal(buyer, product, { bought: true, reviewed: false })).toBeUndefined();
    expect(reviewRefusal({ id: 'creator', emailVerified: true }, product, { bought: true, reviewed: false })).toBe('own_product');
    expect(reviewRefusal(buyer, product, { bought: false, reviewed: false })).toBe('purchase_required');
    expect(reviewRefusal({ ...buyer, emailVerified: false }, product, { bought: true, reviewed: false })).toBe('purchase_required');
    expect(reviewRefusal(buyer, product, { bought: true, reviewed: true })).toBe('already_reviewed');
    expect(canReviewProduct(null, product, { bought: false, reviewed: false })).toBe(false);
    expect(canReviewProduct(buyer, product, { bought: true, reviewed: false })).toBe(true);
  });
});

describe('a reply to a review', () => {
  it('is written by the product’s creator only, not an admin or anyone else', () => {
    const product = { userId: 'creator' };
    expect(canReplyToReview({ id: 'creator' }, product)).toBe(true);
    expect(canReplyToReview({ id: 'admin' }, product)).toBe(false);
    expect(canReplyToReview(null, product)).toBe(false);
  });

  it('is trimmed, not empty, and at most REVIEW_REPLY_MAX characters', () => {
    const problem = (body: unknown) => {
      const result = reviewReplySchema.safeParse({ body });
      return result.success ? undefined : result.error.issues[0]!.message;
    };
    expect(reviewReplySchema.parse({ body: '  Thanks!\n ' })).toEqual({ body: 'Thanks!' });
    expect(problem(' \n ')).toBe(REVIEW_MESSAGES.replyRequired);
    expect(problem(undefined)).toBe(REVIEW_MESSAGES.replyRequired);
    expect(problem('x'.repeat(REVIEW_REPLY_MAX))).toBeUndefined();
    expect(problem(` ${'x'.repeat(REVIEW_REPLY_MAX)} `)).toBeUndefined();
    expect(problem('x'.repeat(REVIEW_REPLY_MAX + 1))).toBe(REVIEW_MESSAGES.replyTooLong);
  });
});

describe('the product form schema', () => {
  const valid = { name: ' Icons ', price: '12.50', category: 'Graphics', description: 'Nice', tags: 'a, b' };
  const problem = (schema: typeof productFormSchema | typeof productEditFormSchema, fields: Record<string, unknown>) => {
    const result = schema.safeParse(fields);
    return result.success ? undefined : result.error.issues[0]!.message;
  };

  it('accepts a complete product, trimmed, eBook by default', () => {
    expect(productFormSchema.parse(valid)).toMatchObject({ name: 'Icons', price: '12.50', category: 'Graphics' });
    expect(productFormSchema.parse({ name: 'A', price: '0' }).category).toBe('eBook');
  });

  it('gives the spec messages, with the limits of products.ts', () => {
    expect(problem(productFormSchema, { ...valid, name: '  ' })).toBe(PRODUCT_MESSAGES.missingFields);
    expect(problem(productFormSchema, { ...valid, name: undefined })).toBe(PRODUCT_MESSAGES.missingFields);
    expect(problem(productFormSchema, { ...valid, price: '' })).toBe(PRODUCT_MESSAGES.missingFields);
    expect(problem(productFormSchema, { ...valid, price: '1.999' })).toBe(PRODUCT_MESSAGES.invalidPrice);
    expect(problem(productFormSchema, { ...valid, category: 'Cars' })).toBe(PRODUCT_MESSAGES.invalidCategory);
    expect(problem(productFormSchema, { ...valid, name: 'x'.repeat(PRODUCT_NAME_MAX + 1) })).toBe(PRODUCT_MESSAGES.nameTooLong);
    expect(problem(productFormSchema, { ...valid, description: 'x'.repeat(PRODUCT_DESCRIPTION_MAX + 1) })).toBe(PRODUCT_MESSAGES.descriptionTooLong);
    expect(PRODUCT_FORM_CODES[PRODUCT_MESSAGES.invalidPrice]).toBe('invalid_price');
  });

  it('checks only the fields an edit sends; a price sent empty is invalid', () => {
    expect(productEditFormSchema.parse({})).toEqual({});
    expect(problem(productEditFormSchema, { name: '' })).toBe(PRODUCT_MESSAGES.missingFields);
    expect(problem(productEditFormSchema, { price: '' })).toBe(PRODUCT_MESSAGES.invalidPrice);
  });
});

describe('product addresses', () => {
  it('spell a name in lowercase ASCII words, cut at a word', () => {
    expect(slugify('  Crème Brûlée — The Guide!  ')).toBe('creme-brulee-the-guide');
    expect(slugify('Straße & Øresund Łódź')).toBe('strasse-oresund-lodz');
    expect(slugify('Привет, мир')).toBe('privet-mir');
    expect(slugify('Ελληνικά')).toBe('ellinika');
    expect(slugify('山田太郎')).toBe('');
    expect(slugify('one two three', 9)).toBe('one-two');
    expect(slugify('abcdefghijkl', 5)).toBe('abcde');
  });

  it('fall back to the category when the name leaves nothing, and never look like an id', () => {
    expect(productSlugBase('山田の本', 'eBook')).toBe('ebook-product');
    expect(productSlugBase('!', 'Audio')).toBe('audio-product');
    expect(productSlugBase('00000000-0000-4000-8000-000000000000', 'Video')).toBe('video-product');
    expect(isValidProductSlug('my-guide-2')).toBe(true);
    for (const slug of ['a', 'My-Guide', 'my--guide', '-guide', 'guide-', 'my_guide', 'x'.repeat(81), '00000000-0000-4000-8000-000000000000']) {
      expect(isValidProductSlug(slug), slug).toBe(false);
    }
  });

  it('make the one product path: the slug, else the id', () => {
    expect(productPath({ id: '00000000-0000-4000-8000-000000000001', slug: 'my-guide' })).toBe('/store/product/my-guide');
    expect(productPath({ id: '00000000-0000-4000-8000-000000000001', slug: null })).toBe('/store/product/00000000-0000-4000-8000-000000000001');
  });
});
