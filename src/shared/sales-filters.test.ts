import { describe, expect, it } from 'vitest';
import {
  decodeSalesCursor,
  encodeSalesCursor,
  hasSalesFilters,
  orderNumberQuery,
  parseSaleSource,
  referrerSourceFilter,
  saleListStatus,
  salesFiltersQuery,
  salesFiltersSchema,
  salesListQuerySchema,
} from './sales-filters.ts';

describe('the Sales page filters', () => {
  it('reads a source as the sale row records it', () => {
    expect(parseSaleSource('direct')).toEqual({ kind: 'direct' });
    expect(parseSaleSource('page')).toEqual({ kind: 'page' });
    expect(parseSaleSource('link:42')).toEqual({ kind: 'link', linkId: 42 });
    expect(parseSaleSource('utm:newsletter')).toEqual({ kind: 'utm', utmSource: 'newsletter' });
    expect(parseSaleSource('affiliate:abc_DEF-1')).toEqual({ kind: 'affiliate', affiliateId: 'abc_DEF-1' });
    expect(parseSaleSource('referrer:news.example.com')).toEqual({ kind: 'referrer', domain: 'news.example.com' });
    expect(parseSaleSource(referrerSourceFilter('t.co'))).toEqual({ kind: 'referrer', domain: 't.co' });
    expect(parseSaleSource(referrerSourceFilter('[::1]'))).toEqual({ kind: 'referrer', domain: '[::1]' });
    for (const wrong of ['', 'link:', 'link:x', 'link:99999999999', 'utm:', 'affiliate:a b', 'referrer:', 'referrer:Example.com', 'referrer:a b', `referrer:${'a'.repeat(254)}`, 'Direct']) expect(parseSaleSource(wrong), wrong).toBeUndefined();
  });

  it('gives a sale its list status: partly refunded while completed with money back', () => {
    expect(saleListStatus({ status: 'completed', refundedCents: 0 })).toBe('completed');
    expect(saleListStatus({ status: 'completed', refundedCents: 1 })).toBe('partially_refunded');
    expect(saleListStatus({ status: 'refunded', refundedCents: 1000 })).toBe('refunded');
  });

  it('round-trips the cursor with the stored microseconds, and refuses anything else', () => {
    const cursor = { createdAt: '2026-03-01 00:00:00.123456+00', id: '0b6c1c1e-8d0e-4a8c-9a53-0d0f8d1c2b3a' };
    expect(decodeSalesCursor(encodeSalesCursor(cursor))).toEqual(cursor);
    expect(encodeSalesCursor(cursor)).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const wrong of ['', 'abc', '!!!', encodeSalesCursor({ createdAt: 'yesterday', id: cursor.id }), encodeSalesCursor({ createdAt: cursor.createdAt, id: 'x' })]) {
      expect(decodeSalesCursor(wrong), wrong).toBeUndefined();
    }
  });

  it('parses the query: empty values are no filter, days are real days in order, limits bounded', () => {
    expect(salesFiltersSchema.parse({ q: '  ', productId: '', status: 'refunded', from: '2026-02-28', to: '2026-02-28' })).toEqual({ status: 'refunded', from: '2026-02-28', to: '2026-02-28' });
    expect(salesListQuerySchema.parse({})).toEqual({ limit: 25 });
    for (const wrong of [{ from: '2026-02-30' }, { from: '2026-03-02', to: '2026-03-01' }, { status: 'lost' }, { source: 'somewhere' }, { limit: '0' }, { limit: '101' }, { cursor: 'nope' }]) {
      expect(salesListQuerySchema.safeParse(wrong).success, JSON.stringify(wrong)).toBe(false);
    }
  });

  it('writes the filters for a URL without the empty ones, and reads an order number', () => {
    expect(salesFiltersQuery({ q: 'ann', productId: '', source: 'link:4', status: undefined })).toEqual({ q: 'ann', source: 'link:4' });
    expect(hasSalesFilters({ q: ' ' })).toBe(false);
    expect(hasSalesFilters({ status: 'refunded' })).toBe(true);
    expect(orderNumberQuery(' maya-0012 ')).toEqual({ prefix: 'MAYA', number: 12 });
    expect(orderNumberQuery('maya')).toBeUndefined();
  });
});
