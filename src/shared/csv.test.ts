import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, CsvReader, CsvSyntaxError } from './csv.ts';

/** A strict RFC 4180 reader of one CSV text (records end with CRLF), written apart from csv.ts to check it. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 0;
  while (index < text.length) {
    if (text[index] === '"' && field === '') {
      index += 1;
      for (;;) {
        if (index >= text.length) throw new Error('unterminated quotes');
        if (text[index] === '"' && text[index + 1] === '"') {
          field += '"';
          index += 2;
        } else if (text[index] === '"') {
          index += 1;
          break;
        } else field += text[index++];
      }
      if (text[index] !== ',' && text[index] !== '\r') throw new Error(`text after a closing quote at ${index}`);
    } else if (text[index] === ',') {
      record.push(field);
      field = '';
      index += 1;
    } else if (text.startsWith('\r\n', index)) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 2;
    } else if (text[index] === '\r' || text[index] === '\n' || text[index] === '"') {
      throw new Error(`bare ${JSON.stringify(text[index])} in an unquoted field at ${index}`);
    } else field += text[index++];
  }
  if (field !== '' || record.length > 0) throw new Error('last record without CRLF');
  return records;
}

const risky = (value: string) => /^[=+\-@\t\r]/.test(value);

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as formulas (OWASP CSV injection)', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain text')).toBe('plain text');
  });

  it('writes numbers as they are and nothing for null', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('csvLine (properties)', () => {
  const cells = fc.array(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', '"', 'a', 'é', ' ') })), {
    minLength: 1,
    maxLength: 8,
  });

  it('reads back as one record of the same cells, each risky one behind an apostrophe', () => {
    fc.assert(
      fc.property(cells, (values) => {
        expect(parseCsv(csvLine(values))).toEqual([values.map((value) => (risky(value) ? `'${value}` : value))]);
      }),
    );
  });

  it('never gives a spreadsheet a cell that starts a formula', () => {
    fc.assert(
      fc.property(cells, (values) => {
        for (const cell of parseCsv(csvLine(values))[0]!) expect(risky(cell)).toBe(false);
      }),
    );
  });

  it('keeps records apart: lines joined read back as as many records', () => {
    fc.assert(
      fc.property(fc.array(cells, { maxLength: 5 }), (records) => {
        expect(parseCsv(records.map(csvLine).join(''))).toHaveLength(records.length);
      }),
    );
  });
});

describe('CsvReader', () => {
  const readAll = (text: string, chunk: number) => {
    const reader = new CsvReader();
    const records: string[][] = [];
    for (let i = 0; i < text.length; i += chunk) records.push(...reader.push(text.slice(i, i + chunk)));
    return [...records, ...reader.end()];
  };

  it('reads quoted fields, escaped quotes and any line end, whatever the chunks', () => {
    const text = '\ufeffurl,code\r\nhttps://a.example,"x""y"\r\n"two\nlines",b\rlast,"q",';
    const expected = [['url', 'code'], ['https://a.example', 'x"y'], ['two\nlines', 'b'], ['last', 'q', '']];
    for (const chunk of [1, 2, 3, 7, 1000]) expect(readAll(text, chunk)).toEqual(expected);
  });

  it('reads back what csvLine writes', () => {
    const values = ['a,b', 'say "hi"', 'multi\r\nline', ''];
    expect(readAll(csvLine(values), 4)).toEqual([values.map((value) => value)]);
  });

  it('refuses a quoted field never closed', () => {
    expect(() => readAll('url\n"https://a.example\n', 5)).toThrow(CsvSyntaxError);
  });
});
