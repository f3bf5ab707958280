import { describe, expect, it } from 'vitest';
import { decimalAmount } from './money.ts';
import { canExportSales, SALES_EXPORT_COLUMNS, salesExportFileName, salesExportHeader, salesExportLine, type ExportedSale } from './sales-export.ts';

const sale: ExportedSale = {
  orderId: 'ord_abc',
  productName: 'Icons, vol. "2"',
  versionName: 'Extended, commercial',
  buyerEmail: 'fan@example.com',
  amountCents: 1999,
  currency: 'USD',
  taxCents: 380,
  discountCode: 'SPRING',
  discountCents: 500,
  feeCents: 20,
  commissionCents: 0,
  refundedCents: 0,
  status: 'completed',
  createdAt: new Date('2026-03-04T05:06:07.089Z'),
  refundedAt: null,
};

describe('the sales export', () => {
  it('has its columns in one order, header first', () => {
    expect(SALES_EXPORT_COLUMNS.map((column) => column.header)).toEqual([
      'date',
      'order_id',
      'product',
      'version',
      'buyer_email',
      'amount',
      'discount_code',
      'discount',
      'tax',
      'refunded',
      'fee',
      'commission',
      'net',
      'currency',
      'status',
      'refunded_at',
      'order_number',
      'source',
      'link',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'affiliate',
      'referrer',
    ]);
    expect(salesExportHeader()).toBe('date,order_id,product,version,buyer_email,amount,discount_code,discount,tax,refunded,fee,commission,net,currency,status,refunded_at,order_number,source,link,utm_source,utm_medium,utm_campaign,affiliate,referrer\r\n');
  });

  it('writes a sale with ISO dates, decimal amounts, its discount code and discount, the fee and what is left, in US dollars', () => {
    expect(salesExportLine(sale)).toBe('2026-03-04T05:06:07.089Z,ord_abc,"Icons, vol. ""2""","Extended, commercial",fan@example.com,19.99,SPRING,5.00,3.80,0.00,0.20,0.00,19.79,USD,completed,,,,,,,,,\r\n');
  });

  it('writes each sale in its own currency, yen without decimals', () => {
    expect(salesExportLine({ ...sale, currency: 'JPY', amountCents: 1999, discountCents: 500, feeCents: 20 })).toBe(
      '2026-03-04T05:06:07.089Z,ord_abc,"Icons, vol. ""2""","Extended, commercial",fan@example.com,1999,SPRING,500,380,0,20,0,1979,JPY,completed,,,,,,,,,\r\n',
    );
  });

  it('gives a partly refunded sale what was refunded, the fee on what it keeps and what is left', () => {
    // $5.00 of $19.99 back: it keeps $14.99, and the $0.20 fee in proportion, round(20 × 1499 / 1999) = $0.15.
    expect(salesExportLine({ ...sale, refundedCents: 500 })).toBe(
      '2026-03-04T05:06:07.089Z,ord_abc,"Icons, vol. ""2""","Extended, commercial",fan@example.com,19.99,SPRING,5.00,3.80,5.00,0.15,0.00,14.84,USD,completed,,,,,,,,,\r\n',
    );
  });

  it('takes the affiliate’s commission off what is left, in proportion after a partial refund (decision 028)', () => {
    // 30 % of $19.99 less the $0.20 fee: $5.94. $5.00 back keeps round(594 × 1499 / 1999) = $4.45.
    expect(salesExportLine({ ...sale, commissionCents: 594 })).toContain(',0.20,5.94,13.85,USD,');
    expect(salesExportLine({ ...sale, commissionCents: 594, refundedCents: 500 })).toContain(',0.15,4.45,10.39,USD,');
  });

  it('gives a refunded sale no fee and nothing left, with the time of the refund', () => {
    const refunded = { ...sale, status: 'refunded' as const, refundedCents: 1999, refundedAt: new Date('2026-03-05T00:00:00.000Z') };
    expect(salesExportLine(refunded)).toBe(
      '2026-03-04T05:06:07.089Z,ord_abc,"Icons, vol. ""2""","Extended, commercial",fan@example.com,19.99,SPRING,5.00,3.80,19.99,0.00,0.00,0.00,USD,refunded,2026-03-05T00:00:00.000Z,,,,,,,,\r\n',
    );
  });

  it('ends with the order number and where the sale came from: its link with its UTM parameters, its affiliate, the referring site', () => {
    const source = {
      kind: 'link' as const,
      link: { id: 7, code: 'spring', shortUrl: 'https://zerri.test/z/spring', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: null },
      affiliate: { id: 'u1', name: 'Abe', email: 'abe@example.com' },
      referrerDomain: 'news.example.com',
    };
    expect(salesExportLine({ ...sale, orderNumber: 'MAYA-0001', source })).toMatch(/,completed,,MAYA-0001,link,https:\/\/zerri\.test\/z\/spring,newsletter,email,,abe@example\.com,news\.example\.com\r\n$/);
    expect(salesExportLine({ ...sale, source: { kind: 'direct', link: null, affiliate: null, referrerDomain: null } })).toMatch(/,completed,,,direct,,,,,,\r\n$/);
  });

  it('keeps a product name, version or e-mail that looks like a formula as text', () => {
    expect(salesExportLine({ ...sale, productName: '=1+1', versionName: '+cmd', buyerEmail: '@evil.example' })).toContain(",'=1+1,'+cmd,'@evil.example,");
  });

  it('leaves the version empty for a product sold without versions', () => {
    expect(salesExportLine({ ...sale, versionName: null })).toContain(',"Icons, vol. ""2""",,fan@example.com,');
  });

  it('is named by the day and open to creators and admins only', () => {
    expect(salesExportFileName(new Date('2026-11-30T23:59:59Z'))).toBe('sales-2026-11-30.csv');
    expect(canExportSales({ role: 'creator' })).toBe(true);
    expect(canExportSales({ role: 'admin' })).toBe(true);
    expect(canExportSales({ role: 'user' })).toBe(false);
    expect(canExportSales({ role: 'company' })).toBe(false);
  });
});

describe('decimalAmount', () => {
  it('writes cents with two decimals, for files', () => {
    expect(decimalAmount(0)).toBe('0.00');
    expect(decimalAmount(5)).toBe('0.05');
    expect(decimalAmount(1999)).toBe('19.99');
    expect(decimalAmount(100_000_000)).toBe('1000000.00');
    expect(decimalAmount(-50)).toBe('-0.50');
  });
});
