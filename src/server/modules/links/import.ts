import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { CsvReader, CsvSyntaxError } from '#shared/csv.ts';
import type { LinkImportReport, LinkImportRow } from '#shared/links-api.ts';
import { importColumns, importRow, isBlankRecord } from '#shared/links-import.ts';
import { generateShortCode, LINK_IMPORT_FILE_MAX_BYTES, LINK_IMPORT_ROWS_MAX, LINK_MESSAGES, LINK_TAGS_PER_USER_MAX, shortUrl } from '#shared/links.ts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { receiveMultipart } from '../../platform/multipart.ts';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import type { Blocklist } from '../../platform/blocklist.ts';
import { insertImportedLinks, tagIdsForImport } from './queries.ts';
import { checkCode, checkTagNames, checkTarget, type LinksJoined } from './service.ts';

/** Rows written per transaction: few round trips, and the event loop is free between batches. */
const BATCH_SIZE = 250;
const RANDOM_CODE_ATTEMPTS = 8;

interface ValidRow {
  report: LinkImportRow;
  url: string;
  code: string | undefined;
  tags: string[];
}

type RowError = NonNullable<LinkImportRow['error']>;
const rowError = (code: string, message: string, params?: Record<string, string | number>): RowError => ({ code, message, ...(params ? { params } : {}) });

/**
 * Reads the file (streamed, a chunk at a time) into its data records. The whole file is refused,
 * before any link is made, when it is not CSV, has no url column or has more rows than allowed.
 */
async function readRecords(path: string) {
  const reader = new CsvReader();
  const records: { line: number; values: string[] }[] = [];
  let header: string[] | undefined;
  let line = 0;
  const take = (batch: string[][]) => {
    for (const values of batch) {
      line++;
      if (!header) {
        header = values;
        continue;
      }
      if (isBlankRecord(values)) continue;
      records.push({ line, values });
      if (records.length > LINK_IMPORT_ROWS_MAX) throw new BadRequestError(LINK_MESSAGES.importTooManyRows, 'import_too_many_rows');
    }
  };
  try {
    for await (const chunk of fs.createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 })) take(reader.push(chunk as string));
    take(reader.end());
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new BadRequestError(LINK_MESSAGES.importInvalidCsv, 'import_invalid_csv');
    throw error;
  }
  const columns = header && importColumns(header);
  if (!columns) throw new BadRequestError(LINK_MESSAGES.importNoUrlColumn, 'import_no_url_column');
  return records.map(({ line, values }) => ({ line, row: importRow(values, columns) }));
}

/**
 * Bulk import (the ZerriLink issue): each row is checked as creating a link checks it (URL rules,
 * loops, blocklist, code rules, taken codes, tags) and made whole or not at all: a row's link and its
 * tags are written in the same transaction. Rows are independent: good rows are created and each bad
 * row is refused with its reason (a code repeated in the file is refused after its first row).
 * Link webhooks are not sent for imports (one per row would flood the owner's endpoints).
 */
export async function importLinks(
  { db, blocklist, origin, joined }: { db: Db; blocklist: Blocklist; origin: string; joined?: LinksJoined },
  input: { userId: string; path: string; ownHosts: string[] },
): Promise<LinkImportReport> {
  const records = await readRecords(input.path);
  const reports: LinkImportRow[] = [];
  const valid: ValidRow[] = [];
  const codesInFile = new Set<string>();
  for (const { line, row } of records) {
    const report: LinkImportRow = { line, url: row.url, code: row.code ?? null, status: 'refused', shortUrl: null, error: null };
    reports.push(report);
    try {
      const url = checkTarget(blocklist, row.url, input.ownHosts);
      const code = row.code === undefined ? undefined : checkCode(row.code);
      const tags = checkTagNames(row.tags);
      if (code !== undefined && codesInFile.has(code)) {
        report.error = rowError('import_code_repeated', LINK_MESSAGES.importCodeRepeated(code), { code });
        continue;
      }
      if (code !== undefined) codesInFile.add(code);
      valid.push({ report, url, code, tags });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      report.error = rowError(error.code, error.message, error.params);
    }
  }
  for (let start = 0; start < valid.length; start += BATCH_SIZE) {
    const ids = await insertBatch(db, input.userId, valid.slice(start, start + BATCH_SIZE), origin);
    // Into the redirects' memory on every instance, a batch at a time (one announcement for the file).
    await joined?.(ids);
    await yieldToLoop();
  }
  const created = reports.filter((report) => report.status === 'created').length;
  return { created, refused: reports.length - created, rows: reports };
}

/**
 * One batch in one transaction: the tags it needs (new names made gray, within the user's number of
 * tags), then its links (a taken custom code refuses its row; a random code taken by chance is drawn
 * again), then the links' tags. A row refused here leaves nothing behind.
 */
async function insertBatch(db: Db, userId: string, rows: ValidRow[], origin: string): Promise<number[]> {
  const ids: number[] = [];
  await db.transaction(async (tx) => {
    const tagIds = await tagIdsForImport(tx, userId, rows.flatMap((row) => row.tags), LINK_TAGS_PER_USER_MAX);
    let pending: ValidRow[] = [];
    for (const row of rows) {
      if (row.tags.every((name) => tagIds.has(name.toLowerCase()))) pending.push(row);
      else row.report.error = rowError('tags_too_many', LINK_MESSAGES.tagsTooMany);
    }
    for (let attempt = 0; pending.length > 0 && attempt < RANDOM_CODE_ATTEMPTS; attempt++) {
      const withCodes = pending.map((row) => ({ row, shortCode: row.code ?? generateShortCode(randomBytes) }));
      // A random code can repeat within the batch too: the later one is drawn again next round.
      const seen = new Set<string>();
      const unique = withCodes.filter(({ shortCode }) => !seen.has(shortCode) && seen.add(shortCode));
      const inserted = await insertImportedLinks(
        tx,
        unique.map(({ row, shortCode }) => ({ shortCode, originalUrl: row.url, userId, isCustom: row.code !== undefined })),
        unique.map(({ row }) => row.tags.map((name) => tagIds.get(name.toLowerCase())!)),
      );
      const tried = new Set(unique.map(({ row }) => row));
      const next: ValidRow[] = [];
      for (const { row, shortCode } of withCodes) {
        const id = tried.has(row) ? inserted.get(shortCode) : undefined;
        if (id !== undefined) {
          ids.push(id);
          row.report.status = 'created';
          row.report.code = shortCode;
          row.report.shortUrl = shortUrl(origin, shortCode);
        } else if (row.code !== undefined) {
          // A custom code is never repeated within the file (checked before), so it was taken already.
          row.report.error = rowError('code_taken', LINK_MESSAGES.codeTaken(row.code), { code: row.code });
        } else next.push(row);
      }
      pending = next;
    }
    if (pending.length > 0) throw new Error('Could not find free short codes');
  });
  return ids;
}

/** The route's work: the multipart field `file` (16 MB at most, 413 past it, while it streams) imported. */
export async function importLinksFromRequest(
  deps: { db: Db; blocklist: Blocklist; origin: string; uploadDir: string; joined?: LinksJoined },
  request: FastifyRequest,
  input: { userId: string; ownHosts: string[] },
): Promise<LinkImportReport> {
  const form = await receiveMultipart(request, deps.uploadDir, {
    file: { maxBytes: LINK_IMPORT_FILE_MAX_BYTES, tooLarge: LINK_MESSAGES.importFileTooLarge, code: 'import_file_too_large' },
  });
  try {
    const file = form.files.file;
    if (!file) throw new BadRequestError(LINK_MESSAGES.importNoFile, 'import_no_file');
    return await importLinks(deps, { ...input, path: file.path });
  } finally {
    await form.cleanup();
  }
}
