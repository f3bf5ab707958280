/** The domains routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';
import { DOMAIN_PROBLEMS, DOMAIN_PURPOSES, DOMAIN_STATES } from './domains.ts';

export const domainSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  purpose: z.enum(DOMAIN_PURPOSES),
  state: z.enum(DOMAIN_STATES),
  problem: z.enum(DOMAIN_PROBLEMS).nullable(),
  /**
   * Verified, but beyond the number of domains the account's plan serves (after a downgrade): kept,
   * not served until the plan allows it again or an older domain is removed.
   */
  overPlanLimit: z.boolean(),
  /** The TXT record to add: its name and value. */
  txtName: z.string(),
  txtValue: z.string(),
  /** Where the domain must point: a CNAME to this host, or A records to these addresses. */
  cnameTarget: z.string(),
  addresses: z.array(z.string()),
  checkedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** A pending domain is checked until then. */
  checkUntil: z.string(),
  createdAt: z.string(),
});
export type Domain = z.infer<typeof domainSchema>;

export const domainsSchema = z.object({ items: z.array(domainSchema), limit: z.number().int() });
export type Domains = z.infer<typeof domainsSchema>;

export const domainRemovedSchema = noContentSchema;

/** Caddy's on-demand TLS `ask`: 200 for a verified domain, 404 otherwise. */
export const domainAllowedSchema = z.object({ domain: z.string() });

export const DOMAINS_API = {
  'GET /api/domains': domainsSchema,
  'POST /api/domains': domainSchema,
  'POST /api/domains/:id/verify': domainSchema,
  'DELETE /api/domains/:id': domainRemovedSchema,
  'GET /api/domains/allowed': domainAllowedSchema,
} as const satisfies ApiRoutes;
