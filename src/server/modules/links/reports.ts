import type { LinkReport } from '#shared/links-api.ts';
import { LINK_MESSAGES, LINK_REPORT_DETAILS_MAX, LINK_REPORT_REASONS, linkCacheKey, LINKS_INTERNAL_CHANNEL, type LinkReportReason, type LinkReportStatus } from '#shared/links.ts';
import type { Db } from '../../db/client.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { SessionUser } from '../../platform/session.ts';
import type { Blocklist } from '../../platform/blocklist.ts';
import { banLinkById, getLinkReportForUpdate, insertLinkReport, linkIdByCode, listLinkReports, resolveLinkReports, type LinkReportRow } from './queries.ts';
import type { RedirectCache } from './redirect-cache.ts';
import { linkNotFound, type domainBlocklist } from './service.ts';

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
};

const reportNotFound = () => new NotFoundError(LINK_MESSAGES.reportNotFound, 'report_not_found');

/**
 * Visitors' reports of links (abuse), queued for admins beside the blocklist: an admin dismisses a
 * report, disables the link (banned: it stops redirecting everywhere at once) or blocks its domain.
 * A decision closes every open report of the same link.
 */
export function linkReports(deps: { db: Db; blocklist: Blocklist; cache: RedirectCache; realtime: Realtime; domains: ReturnType<typeof domainBlocklist> }) {
  const { db, blocklist } = deps;
  const toReport = (row: LinkReportRow): LinkReport => ({
    id: row.id,
    code: row.code,
    reason: row.reason,
    details: row.details,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    link:
      row.url === null
        ? null
        : { url: row.url, host: hostOf(row.url), ownerEmail: row.ownerEmail, banned: row.bannedAt !== null, domainBlocked: !!blocklist.match(hostOf(row.url)) },
  });
  const reportById = async (id: number) => {
    const { rows } = await listLinkReports(db, { id, page: 1, pageSize: 1 });
    if (!rows[0]) throw reportNotFound();
    return toReport(rows[0]);
  };

  return {
    /** A visitor's report; no account needed (the route is rate-limited by address). */
    /** `domainId`: the links domain the code is on (null: the main host; undefined: no such domain). */
    async report(rawCode: string, domainId: string | null | undefined, input: { reason: string; details?: string }) {
      const code = rawCode.trim();
      const linkId = domainId !== undefined && /^[A-Za-z0-9_-]{1,64}$/.test(code) ? await linkIdByCode(db, code, domainId) : undefined;
      if (linkId === undefined) throw linkNotFound(code);
      if (!(LINK_REPORT_REASONS as readonly string[]).includes(input.reason)) throw new BadRequestError(LINK_MESSAGES.reportReasonInvalid, 'report_reason_invalid');
      const details = input.details?.trim() || null;
      if (details && details.length > LINK_REPORT_DETAILS_MAX) throw new BadRequestError(LINK_MESSAGES.reportDetailsTooLong, 'report_details_too_long');
      await insertLinkReport(db, { linkId, code, reason: input.reason as LinkReportReason, details });
    },

    async list(query: { status?: LinkReportStatus; page: number; pageSize: number }) {
      const { rows, total } = await listLinkReports(db, query);
      return { items: rows.map(toReport), total, page: query.page, pageSize: query.pageSize };
    },

    async dismiss(admin: SessionUser, id: number) {
      await db.transaction(async (tx) => {
        const report = await getLinkReportForUpdate(tx, id);
        if (!report) throw reportNotFound();
        await resolveLinkReports(tx, { id, linkId: null }, 'dismissed', admin.id);
        await recordAdminAction(tx, admin, 'link_report.dismissed', { type: 'link', id: report.code }, { reportId: id });
      });
      return reportById(id);
    },

    /** Bans the reported link, in the same transaction as the reports it closes and the audit entry. */
    async disableLink(admin: SessionUser, id: number) {
      const key = await db.transaction(async (tx) => {
        const report = await getLinkReportForUpdate(tx, id);
        if (!report) throw reportNotFound();
        const link = report.linkId === null ? undefined : await banLinkById(tx, report.linkId);
        if (!link) throw new NotFoundError(LINK_MESSAGES.reportLinkGone, 'report_link_gone');
        await resolveLinkReports(tx, report, 'link_disabled', admin.id);
        await recordAdminAction(tx, admin, 'link.banned', { type: 'link', id: link.code }, { url: link.url, reportId: id });
        return linkCacheKey(link.code, link.domainId);
      });
      // Every instance drops the link from its redirect cache, so it stops at once.
      deps.cache.invalidate(key);
      await deps.realtime.publish(LINKS_INTERNAL_CHANNEL, 'link.removed', key);
      return reportById(id);
    },

    /** Blocks the reported link's domain (the blocklist's own change, audited), then closes the reports. */
    async blockDomain(admin: SessionUser, id: number) {
      const before = await reportById(id);
      if (!before.link) throw new NotFoundError(LINK_MESSAGES.reportLinkGone, 'report_link_gone');
      if (!before.link.host) throw new BadRequestError(LINK_MESSAGES.reportNoDomain, 'report_no_domain');
      await deps.domains.block(admin, before.link.host);
      await db.transaction(async (tx) => {
        const report = await getLinkReportForUpdate(tx, id);
        if (report) await resolveLinkReports(tx, report, 'domain_blocked', admin.id);
      });
      return reportById(id);
    },
  };
}
