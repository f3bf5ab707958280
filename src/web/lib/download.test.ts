import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download.ts';

describe('fileNameOf', () => {
  it('takes the exact UTF-8 name, else the plain one, else the fallback', () => {
    expect(fileNameOf(`attachment; filename="Facture_.pdf"; filename*=UTF-8''Facture%20%C3%A9t%C3%A9.pdf`, 'x')).toBe('Facture été.pdf');
    expect(fileNameOf('attachment; filename="sales.csv"', 'x')).toBe('sales.csv');
    expect(fileNameOf(`attachment; filename="plain.pdf"; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('plain.pdf'); // malformed escape
    expect(fileNameOf('attachment', 'export.csv')).toBe('export.csv');
    expect(fileNameOf(null, 'export.csv')).toBe('export.csv');
  });
});
