import { z } from 'zod';
import type { PlanId } from './plans.ts';

/**
 * A creator's own domains (issue #25): a storefront domain serves their store, a links domain their
 * short codes. Ownership is proved by a TXT record, and the domain must point at this deployment.
 */
export const DOMAIN_PURPOSES = ['storefront', 'links'] as const;
export type DomainPurpose = (typeof DOMAIN_PURPOSES)[number];

/**
 * pending: checked in the background until it passes or DOMAIN_VERIFY_DAYS pass (then failed);
 * verified: served; suspended: a later check failed (records removed or changed), not served until it passes again.
 */
export const DOMAIN_STATES = ['pending', 'verified', 'failed', 'suspended'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];

/** Why the last check did not pass; verified_elsewhere: another account verified the host name first. */
export const DOMAIN_PROBLEMS = ['txt_missing', 'txt_wrong', 'not_pointing', 'dns_error', 'verified_elsewhere'] as const;
export type DomainProblem = (typeof DOMAIN_PROBLEMS)[number];

/** How long a new domain is checked before it is given up. */
export const DOMAIN_VERIFY_DAYS = 7;

/** Custom domains an account may add, and may have served, by plan. */
export const DOMAIN_LIMITS: Record<PlanId, number> = { free: 1, pro: 3, business: 10 };

/**
 * Which of an account's verified domains are served on its plan: the oldest verified ones, up to the
 * plan's number. After a downgrade the others stay (nothing is deleted) but are not served until the
 * plan allows them again or older ones are removed.
 */
export function servedDomainIds(verified: readonly { id: string; verifiedAt: Date | null; createdAt: Date }[], limit: number): Set<string> {
  const time = (date: Date | null) => date?.getTime() ?? Number.POSITIVE_INFINITY;
  const oldestFirst = [...verified].sort(
    (a, b) => time(a.verifiedAt) - time(b.verifiedAt) || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return new Set(oldestFirst.slice(0, Math.max(0, limit)).map((domain) => domain.id));
}

/** The realtime channel the instances announce domain changes on (never sent to browsers). */
export const DOMAINS_INTERNAL_CHANNEL = 'internal:domains';

/** The TXT record that proves ownership: its name and the value it must hold. */
export const verificationRecordName = (hostname: string) => `_zerri.${hostname}`;
export const verificationRecordValue = (token: string) => `zerri-verify=${token}`;

export const DOMAIN_MESSAGES = {
  invalid: 'Enter a domain name such as shop.example.com.',
  taken: 'This domain has already been added.',
  ownHost: 'This is the address of Zerri itself; add a domain of your own.',
  limitReached: (max: number) => `You have reached your plan's limit of custom domains (${max}). Remove one or upgrade your plan.`,
  notFound: 'Domain not found.',
  hasLinks: (count: number) => `${count} short links use this domain. Move them to another domain or delete them first.`,
  checksRateLimited: (seconds: number) => `Too many checks in a short time. Please wait ${seconds} seconds.`,
  txt_missing: 'The TXT record was not found yet.',
  txt_wrong: 'The TXT record does not hold the right value.',
  not_pointing: 'The domain does not point at this server yet.',
  dns_error: 'The domain could not be looked up.',
  verified_elsewhere: 'Another account verified this domain first, so it is served there. Remove it here, or check again once it is free.',
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A hostname as typed (any case, with a scheme, path, port or trailing dot) in its plain form, or
 * null when it is no domain name: at least two labels, letters, digits and dashes, no IP address.
 */
export function normalizeHostname(input: string): string | null {
  let text = input.trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  text = text.split(/[/?#]/)[0]!.replace(/:\d+$/, '').replace(/\.$/, '');
  if (text.length === 0 || text.length > 253) return null;
  const labels = text.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // The last label of a name is never all digits: that is an IPv4 address.
  if (/^\d+$/.test(labels.at(-1)!)) return null;
  return text;
}

export const domainFormSchema = z.object({
  hostname: z
    .string()
    .max(300, DOMAIN_MESSAGES.invalid)
    .transform((value, ctx) => {
      const hostname = normalizeHostname(value);
      if (!hostname) {
        ctx.addIssue({ code: 'custom', message: DOMAIN_MESSAGES.invalid });
        return z.NEVER;
      }
      return hostname;
    }),
  purpose: z.enum(DOMAIN_PURPOSES),
});
export type DomainForm = z.input<typeof domainFormSchema>;

/**
 * A domain's state after a check: passing verifies it; failing suspends a verified one, and gives
 * up a pending one once its week is over.
 */
export function nextDomainState(domain: { state: DomainState; checkUntil: Date }, problem: DomainProblem | null, now: Date): DomainState {
  if (!problem) return 'verified';
  if (domain.state === 'verified' || domain.state === 'suspended') return 'suspended';
  return now > domain.checkUntil ? 'failed' : 'pending';
}
