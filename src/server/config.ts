import path from 'node:path';
import { z } from 'zod';
import { parseTaxRates } from '#shared/orders-tax.ts';

const emailList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

/** A comma-separated list, trimmed, empty entries dropped. */
const list = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  BRAND_NAME: z.string().trim().min(1).max(40).default('Zerri'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Zerri <no-reply@zerri.local>'),
  ADMIN_EMAILS: emailList,
  CONTACT_EMAIL_GENERAL: z.email().default('hello@zerri.app'),
  CONTACT_EMAIL_SUPPORT: z.email().default('support@zerri.app'),
  CONTACT_EMAIL_PARTNERSHIPS: z.email().default('partners@zerri.app'),
  CONTACT_EMAIL_CAREERS: z.email().default('careers@zerri.app'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Operations: shared rate limits across instances, metrics and API docs access, API keys.
  REDIS_URL: z.url().optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('zerri:'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PUBLIC: z.stringbool().default(false),
  API_DOCS_ENABLED: z.stringbool().default(false),
  /** Send webhooks to private, loopback and link-local addresses (default: only outside production). */
  WEBHOOKS_ALLOW_LOCAL: z.stringbool().optional(),
  API_KEY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(120),
  SEED_DEMO: z.stringbool().default(false),
  TRUST_PROXY: z.stringbool().default(false),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  LINK_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  /** Discount codes a client address may try in a minute, quote and checkout together (modules/discounts/tries.ts). */
  DISCOUNT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  /** How often each instance writes the clicks it gathered (live counts lag by up to this much). */
  CLICK_FLUSH_MS: z.coerce.number().int().min(100).max(3_600_000).default(1000),
  LINK_PASSWORD_ATTEMPTS_MAX: z.coerce.number().int().min(1).default(10),
  /** Reports of links (abuse) a visitor's address may send in ten minutes. */
  LINK_REPORT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default('zerri'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(true),
  // Storage quotas per plan in MB; unset, each plan's own (src/shared/plans.ts).
  STORAGE_QUOTA_FREE_MB: z.coerce.number().int().min(0).optional(),
  STORAGE_QUOTA_PRO_MB: z.coerce.number().int().min(0).optional(),
  STORAGE_QUOTA_BUSINESS_MB: z.coerce.number().int().min(0).optional(),
  // Open /api/events streams per signed-in user, or per IP for visitors; one more closes the oldest.
  EVENT_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(1000).default(10),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  // After SIGTERM, the time running requests and tasks get before the process exits anyway (exit code 1).
  /** Audience posts (e-mails to customers and followers): at most this many mails a minute for each post being sent. */
  AUDIENCE_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  AI_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  NEWSLETTER_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  // License checks (POST /api/licenses/verify) per client address and minute.
  LICENSE_VERIFY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  // Mails a request can trigger, per hour: to one address, from one visitor's network, from one account.
  MAIL_RATE_LIMIT_RECIPIENT: z.coerce.number().int().min(1).default(5),
  MAIL_RATE_LIMIT_VISITOR: z.coerce.number().int().min(1).default(10),
  MAIL_RATE_LIMIT_USER: z.coerce.number().int().min(1).default(50),
  // Failed sign-ins to one account (from any network) before it is locked for SIGN_IN_LOCK_MINUTES.
  SIGN_IN_FAILURES_MAX: z.coerce.number().int().min(1).default(10),
  SIGN_IN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  // Sessions end after SESSION_IDLE_DAYS without use, and SESSION_MAX_DAYS after sign-in whatever happens.
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).default(7),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(30),
  // Stripe Checkout replaces the built-in test card provider when a secret key is set.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  // The built-in test card provider is on outside production; in production only with this set
  // (a staging site), and its money is never paid out there (docs/decisions/009-test-payments.md).
  ALLOW_TEST_PAYMENTS: z.stringbool().default(false),
  // Tax: with Stripe, Stripe Tax computes it (Checkout's automatic_tax; the account must have Stripe Tax set up);
  // with the built-in test provider, a flat rate per buyer country stands in, "DE:19,FR:20,GB:20" (percent).
  STRIPE_AUTOMATIC_TAX: z.stringbool().default(false),
  TAX_RATES: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const rates = parseTaxRates(text);
      if (!rates) ctx.addIssue({ code: 'custom', message: 'must be country:percent pairs, e.g. DE:19,FR:20' });
      return rates ?? {};
    }),
  // Creators' own domains (docs/operations.md): the resolvers that check their records ("127.0.0.1:5353";
  // unset, the system's), what a domain must point at (a CNAME to this host, default PUBLIC_URL's, or A/AAAA
  // records to these addresses), and more host names of this deployment besides PUBLIC_URL's and loopback.
  DNS_SERVERS: list,
  DOMAINS_CNAME_TARGET: z.string().optional(),
  DOMAINS_ADDRESSES: list.pipe(z.array(z.union([z.ipv4(), z.ipv6()]))),
  ALLOWED_HOSTS: list.transform((hosts) => hosts.map((host) => host.toLowerCase())),
  // An order still unpaid this long after checkout is marked failed (Stripe's are left to Stripe).
  ORDER_EXPIRY_HOURS: z.coerce.number().int().min(1).default(24),
  // A membership whose renewal failed keeps access this many days before it ends (decision 022).
  MEMBERSHIP_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
}).refine(
  // Without its webhook secret Stripe takes the money but no order is ever marked paid: refuse that at start.
  (config) => !config.STRIPE_SECRET_KEY || Boolean(config.STRIPE_WEBHOOK_SECRET),
  // `when`: checked even when other keys are bad, so the start lists every bad key at once.
  { path: ['STRIPE_WEBHOOK_SECRET'], message: 'required when STRIPE_SECRET_KEY is set', when: () => true },
);

export type RawConfig = z.infer<typeof configSchema>;
export type Config = Omit<RawConfig, 'PUBLIC_URL' | 'DATA_DIR'> & {
  PUBLIC_URL: string;
  DATA_DIR: string;
  isProduction: boolean;
};

export class ConfigError extends Error {
  constructor(readonly badKeys: string[], details: string) {
    super(`Invalid configuration: ${badKeys.join(', ')}\n${details}`);
  }
}

/** Parses the environment once at start; every bad key is listed, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    const keys = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    throw new ConfigError(keys, lines.join('\n'));
  }
  const raw = parsed.data;
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  return {
    ...raw,
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.resolve(raw.DATA_DIR),
    isProduction: raw.NODE_ENV === 'production',
  };
}
