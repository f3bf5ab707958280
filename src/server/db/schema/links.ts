import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CountryUrl, LinkReportReason, LinkReportStatus, LinkUtm } from '#shared/links.ts';
import { users } from './auth.ts';
import { domains } from './domains.ts';

export const shortLinks = pgTable(
  'short_links',
  {
    id: serial('id').primaryKey(),
    /** Unique per links domain (the main host's codes are those with no domain): see domainId. */
    shortCode: text('short_code').notNull(),
    /**
     * The owner's links domain the code lives on (https://go.example.com/abc); null: the main host
     * (/z/abc). A domain with links cannot be removed (no action: the check runs at the statement's
     * end, so deleting an account removes both its domains and its links).
     */
    domainId: uuid('domain_id').references(() => domains.id),
    originalUrl: text('original_url').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    isCustom: boolean('is_custom').notNull().default(false),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    /** Set by an admin: the link stops redirecting. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /** A hash (better-auth's scrypt format); visitors then type the password before the redirect. */
    passwordHash: text('password_hash'),
    /** The link stops redirecting at this time or after this many clicks, then goes to expiredUrl (or the not-found screen). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxClicks: bigint('max_clicks', { mode: 'number' }),
    expiredUrl: text('expired_url'),
    /** Targeting: where iPhone/iPad and Android visitors go, then visitors by country (first match wins), else originalUrl. */
    iosUrl: text('ios_url'),
    androidUrl: text('android_url'),
    countryUrls: jsonb('country_urls').$type<CountryUrl[]>(),
    /** UTM parameters added to every destination at redirect (kept apart so the edit form shows them). */
    utm: jsonb('utm').$type<LinkUtm>(),
    /** Link preview: what link-preview bots (the isbot list) are shown as Open Graph tags; people are redirected. */
    previewTitle: text('preview_title'),
    previewDescription: text('preview_description'),
    /** An https image address, only ever written into the preview page (never fetched by us). */
    previewImageUrl: text('preview_image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('short_links_user_id_idx').on(table.userId, table.createdAt),
    // One link per code and domain; the main host's (no domain) are one code space too.
    unique('short_links_domain_code_unique').on(table.domainId, table.shortCode).nullsNotDistinct(),
  ],
);

/**
 * A kind of visitor: where they came from (the referrer's host), their browser, device, OS and country.
 * Kinds are few and never change; visits name them by number, so a visit row is four numbers and a date.
 */
export const linkVisitKinds = pgTable(
  'link_visit_kinds',
  {
    id: serial('id').primaryKey(),
    referrer: text('referrer').notNull(),
    browser: text('browser').notNull(),
    device: text('device').notNull(),
    os: text('os').notNull(),
    country: text('country').notNull(),
  },
  (table) => [unique('link_visit_kinds_unique').on(table.referrer, table.browser, table.device, table.os, table.country)],
);

/**
 * Visits per link, day and kind of visitor: a flush writes one row per link and kind (not one per
 * dimension); the analytics sum them by each dimension (getLinkStats).
 */
export const linkVisits = pgTable(
  'link_visits',
  {
    /** A link's visits go with it (a trigger, not a foreign key: migration 0047). */
    linkId: integer('link_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** A row of link_visit_kinds (no foreign key: kinds are never deleted, and a check per visit row would cost as much as the row). */
    kindId: integer('kind_id').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'link_visits_pk', columns: [table.linkId, table.day, table.kindId] })],
);

export const blockedDomains = pgTable('blocked_domains', {
  domain: text('domain').primaryKey(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's link tags, each with a colour (one of LINK_TAG_COLORS); names are unique per user in any letter case. */
export const linkTags = pgTable(
  'link_tags',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One tag of a name per user, in any letter case.
  (table) => [uniqueIndex('link_tags_user_name_unique').on(table.userId, sql`lower(${table.name})`)],
);

export const shortLinkTags = pgTable(
  'short_link_tags',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => shortLinks.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => linkTags.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ name: 'short_link_tags_pk', columns: [table.linkId, table.tagId] }), index('short_link_tags_tag_idx').on(table.tagId)],
);

/**
 * A visitor's report of a link (abuse), queued for admins beside the blocklist. The code is kept as
 * reported; the link id goes to null if the link is deleted, so the queue still shows the report.
 */
export const linkReports = pgTable(
  'link_reports',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id').references(() => shortLinks.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    reason: text('reason').$type<LinkReportReason>().notNull(),
    details: text('details'),
    status: text('status').$type<LinkReportStatus>().notNull().default('open'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('link_reports_status_idx').on(table.status, table.createdAt), index('link_reports_link_idx').on(table.linkId)],
);
