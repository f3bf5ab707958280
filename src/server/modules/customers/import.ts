// Subscribers imported from a CSV file (issue #46): each new address becomes a pending "Get updates"
// subscriber and is sent the sign-up's own confirmation mail (queued, in the transaction that adds it);
// it gets nothing else until it follows the link. Unsubscribed addresses are never added again.
import fs from 'node:fs';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audienceEmailProblem } from '#shared/audience.ts';
import {
  AUDIENCE_IMPORT_MAX_BYTES,
  AUDIENCE_IMPORT_MAX_ROWS,
  AUDIENCE_IMPORT_MESSAGES,
  AUDIENCE_IMPORTS_PER_DAY,
  audienceImportColumns,
  audienceImportRow,
} from '#shared/audience-import.ts';
import { CsvReader, CsvSyntaxError } from '#shared/csv.ts';
import type { AudienceImportResult } from '#shared/customers-api.ts';
import type { Db } from '../../db/client.ts';
import { audienceSubscribers, audienceUnsubscribes } from '../../db/schema/audience.ts';
import { users } from '../../db/schema/auth.ts';
import { follows } from '../../db/schema/community.ts';
import { audienceImports } from '../../db/schema/customers.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, RateLimitedError } from '../../platform/errors.ts';
import { receiveMultipart } from '../../platform/multipart.ts';
import { mailsLeftThisMonth, signUpConfirmationMail } from '../audience/service.ts';
import type { AudienceTokens } from '../audience/tokens.ts';

/** Addresses looked up and written per transaction. */
const BATCH_SIZE = 500;

interface Person {
  email: string;
  name: string | null;
}

/** The file's people (each address once) and the rows that were not: invalid addresses, repeats. */
async function readImportFile(path: string): Promise<{ people: Person[]; invalid: number; duplicates: number }> {
  const reader = new CsvReader();
  let header: string[] | undefined;
  let columns: ReturnType<typeof audienceImportColumns>;
  const seen = new Set<string>();
  const people: Person[] = [];
  let rows = 0;
  let invalid = 0;
  let duplicates = 0;
  const take = (records: string[][]) => {
    for (const record of records) {
      if (!header) {
        header = record;
        columns = audienceImportColumns(header);
        if (!columns) throw new BadRequestError(AUDIENCE_IMPORT_MESSAGES.noEmailColumn, 'audience_import_no_email_column');
        continue;
      }
      if (record.every((value) => value.trim() === '')) continue;
      if (++rows > AUDIENCE_IMPORT_MAX_ROWS) throw new BadRequestError(AUDIENCE_IMPORT_MESSAGES.tooManyRows, 'audience_import_too_many_rows');
      const person = audienceImportRow(record, columns!);
      if (audienceEmailProblem(person.email)) invalid++;
      else if (seen.has(person.email)) duplicates++;
      else {
        seen.add(person.email);
        people.push(person);
      }
    }
  };
  try {
    for await (const chunk of fs.createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 })) take(reader.push(chunk as string));
    take(reader.end());
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new BadRequestError(AUDIENCE_IMPORT_MESSAGES.invalidCsv, 'audience_import_invalid_csv');
    throw error;
  }
  if (!header) throw new BadRequestError(AUDIENCE_IMPORT_MESSAGES.noEmailColumn, 'audience_import_no_email_column');
  return { people, invalid, duplicates };
}

/** Starts an import within the daily cap (the creator's imports are counted under a lock): its id. */
async function startImport(db: Db, creatorId: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('audience-import'), hashtext(${creatorId}))`);
    const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const [started] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(audienceImports)
      .where(and(eq(audienceImports.creatorId, creatorId), gte(audienceImports.createdAt, since)));
    if ((started?.n ?? 0) >= AUDIENCE_IMPORTS_PER_DAY) {
      throw new RateLimitedError(AUDIENCE_IMPORT_MESSAGES.dailyLimit, 24 * 60 * 60, undefined, 'audience_import_daily_limit');
    }
    const [made] = await tx.insert(audienceImports).values({ creatorId }).returning({ id: audienceImports.id });
    return made!.id;
  });
}

/**
 * One batch in one transaction: addresses that unsubscribed are skipped, those already signed up
 * (confirmed or pending) or following are left alone; the rest are added as pending subscribers (a
 * sign-up made meanwhile wins: ON CONFLICT DO NOTHING) and each one added is sent the confirmation mail,
 * as many as `mailsLeft` allows (the plan's e-mails of the month); the others are left out (`overLimit`).
 */
async function importBatch(ctx: AppContext, tokens: AudienceTokens, creator: { id: string; name: string; locale: 'en' | 'es' | 'fr' }, batch: Person[], mailsLeft: number) {
  return ctx.database.db.transaction(async (tx) => {
    const emails = batch.map((person) => person.email);
    // One after another: a transaction is one connection, which runs one query at a time.
    const unsubscribed = await tx
      .select({ email: audienceUnsubscribes.email })
      .from(audienceUnsubscribes)
      .where(and(eq(audienceUnsubscribes.creatorId, creator.id), inArray(audienceUnsubscribes.email, emails)));
    const subscribed = await tx
      .select({ email: audienceSubscribers.email })
      .from(audienceSubscribers)
      .where(and(eq(audienceSubscribers.creatorId, creator.id), inArray(audienceSubscribers.email, emails)));
    const following = await tx
      .select({ email: sql<string>`lower(${users.email})` })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(and(eq(follows.followeeId, creator.id), inArray(sql`lower(${users.email})`, emails)));
    const skipped = new Set(unsubscribed.map((row) => row.email));
    const present = new Set([...subscribed, ...following].map((row) => row.email));
    const candidates = batch.filter((person) => !skipped.has(person.email) && !present.has(person.email));
    const fresh = candidates.slice(0, mailsLeft);
    const added = fresh.length
      ? await tx
          .insert(audienceSubscribers)
          .values(fresh.map((person) => ({ creatorId: creator.id, email: person.email, name: person.name, locale: creator.locale })))
          .onConflictDoNothing()
          .returning({ email: audienceSubscribers.email })
      : [];
    for (const { email } of added) await ctx.mailer.send(signUpConfirmationMail(ctx, tokens, creator, email, creator.locale), tx);
    const unsubscribedSkipped = batch.filter((person) => skipped.has(person.email)).length;
    const overLimit = candidates.length - fresh.length;
    return { added: added.length, unsubscribedSkipped, overLimit, alreadySubscribed: batch.length - unsubscribedSkipped - overLimit - added.length };
  });
}

/** POST /api/audience/import: the multipart fields `file` (the CSV) and `consent` ("true": these people asked to hear from the creator). */
export async function importSubscribers(ctx: AppContext, tokens: AudienceTokens, request: FastifyRequest, creatorId: string): Promise<AudienceImportResult> {
  const form = await receiveMultipart(request, ctx.uploadDir, {
    file: { maxBytes: AUDIENCE_IMPORT_MAX_BYTES, tooLarge: AUDIENCE_IMPORT_MESSAGES.fileTooLarge, code: 'audience_import_file_too_large' },
  });
  try {
    if (form.fields.consent !== 'true') throw new BadRequestError(AUDIENCE_IMPORT_MESSAGES.consentRequired, 'audience_import_consent_required');
    const file = form.files.file;
    if (!file) throw new BadRequestError(AUDIENCE_IMPORT_MESSAGES.noFile, 'audience_import_no_file');
    const { people, invalid, duplicates } = await readImportFile(file.path);
    const { db } = ctx.database;
    const [creator] = await db.select({ id: users.id, name: users.name, locale: users.locale }).from(users).where(eq(users.id, creatorId));
    // Read before this import is recorded: its own confirmation mails count once it is (sentThisMonth).
    let mailsLeft = await mailsLeftThisMonth(db, creatorId);
    const importId = await startImport(db, creatorId);
    const result: AudienceImportResult = { added: 0, alreadySubscribed: 0, unsubscribedSkipped: 0, invalid, duplicates, overLimit: 0 };
    for (let start = 0; start < people.length; start += BATCH_SIZE) {
      const done = await importBatch(ctx, tokens, creator!, people.slice(start, start + BATCH_SIZE), mailsLeft);
      mailsLeft -= done.added;
      result.added += done.added;
      result.alreadySubscribed += done.alreadySubscribed;
      result.unsubscribedSkipped += done.unsubscribedSkipped;
      result.overLimit += done.overLimit;
      await yieldToLoop();
    }
    const { overLimit: _notStored, ...counts } = result;
    await db.update(audienceImports).set(counts).where(eq(audienceImports.id, importId));
    return result;
  } finally {
    await form.cleanup();
  }
}
