/**
 * CSV files the platform writes (RFC 4180: fields joined by commas, lines ended by CRLF), safe to open
 * in a spreadsheet: a text cell that starts with =, +, -, @, a tab or a carriage return gets a leading
 * apostrophe, so Excel, LibreOffice and Google Sheets show it as text and never run it as a formula
 * (OWASP "CSV Injection").
 */

export type CsvValue = string | number | null | undefined;

/**
 * A UTF-8 byte order mark opens every file the platform writes: Excel, where most creators open it,
 * reads a CSV without one in the computer's legacy code page and garbles accented product names and
 * e-mails; LibreOffice, Numbers, Google Sheets and CSV libraries (Python's utf-8-sig, pandas) all accept it.
 */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: null and undefined are empty; numbers as written; text made formula-safe, then quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record with its CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * Reads CSV (RFC 4180, also LF or CR line ends and a leading byte-order mark) a chunk at a time, so
 * a large upload is parsed as it streams: `push` answers the records completed by each chunk, `end`
 * the last one. A quoted field never closed makes `end` throw CsvSyntaxError.
 */
export class CsvReader {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  /** Inside a quoted field, the previous character was a quote (an escaped quote or the closing one). */
  private quoteSeen = false;
  private afterCr = false;
  private started = false;

  push(chunk: string): string[][] {
    const records: string[][] = [];
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    for (let i = 0; i < text.length; i++) {
      const char = text[i]!;
      if (this.afterCr) {
        this.afterCr = false;
        if (char === '\n') continue;
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (char === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false; // the closing quote; this character is read as outside quotes below
        } else {
          if (char === '"') this.quoteSeen = true;
          else this.field += char;
          continue;
        }
      }
      if (char === '"' && this.field === '') this.quoted = true;
      else if (char === ',') this.endField();
      else if (char === '\n' || char === '\r') {
        this.afterCr = char === '\r';
        records.push(this.endRecord());
      } else this.field += char;
    }
    return records;
  }

  end(): string[][] {
    if (this.quoted && !this.quoteSeen) throw new CsvSyntaxError();
    this.quoted = false;
    this.quoteSeen = false;
    return this.field !== '' || this.record.length > 0 ? [this.endRecord()] : [];
  }

  private endField() {
    this.record.push(this.field);
    this.field = '';
  }

  private endRecord(): string[] {
    this.endField();
    const record = this.record;
    this.record = [];
    return record;
  }
}

export class CsvSyntaxError extends Error {
  constructor() {
    super('A quoted CSV field is never closed.');
  }
}
