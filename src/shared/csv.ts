/**
 * CSV files the platform writes (RFC 4180: fields joined by commas, lines ended by CRLF), safe to open
 * in a spreadsheet: a text cell that starts with =, +, -, @, a tab or a carriage return gets a leading
 * apostrophe, so Excel, LibreOffice and Google Sheets show it as text and never run it as a formula
 * (OWASP "CSV Injection").
 */

export type CsvValue = string | number | null | undefined;

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
