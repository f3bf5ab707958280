/** The auth routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';

export { noContentSchema };
import { ROLES } from './auth.ts';

/** The signed-in user as GET /api/me answers it: a CurrentUser (auth.ts) with the two-factor fields set. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  name: z.string(),
  avatarUrl: z.string(),
  storefrontSlug: z.string(),
  bio: z.string(),
  twoFactorEnabled: z.boolean(),
  twoFactorSetupRequired: z.boolean(),
  firstSession: z.boolean(),
  hasPurchases: z.boolean(),
});

/** Signed out is an answer, not an error: `{ user: null }`. */
export const meSchema = z.object({ user: currentUserSchema.nullable() });
export type Me = z.infer<typeof meSchema>;

/** A 204 answer: no body. */

export const AUTH_API = {
  'GET /api/me': meSchema,
  'POST /api/me/password-confirmation': noContentSchema,
} as const satisfies ApiRoutes;

/** POST /api/auth/two-factor/enable: the authenticator's `otpauth://` URI and ten recovery codes. */
export const twoFactorSetupSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** A passkey of the signed-in account, as better-auth lists it. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  createdAt: z.string(),
  deviceType: z.enum(['singleDevice', 'multiDevice']),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * Routes better-auth serves (its two-factor and passkey plugins), not declared as Fastify routes: the
 * web calls them with `call` like the others, and two-factor.test.ts checks better-auth's real
 * answers against these schemas, so an upgrade that changes one fails there. The WebAuthn options
 * routes are not here: their answers go whole to @simplewebauthn/browser, typed by that library.
 * Not named `*_API`: those maps list Fastify routes (response-contract.test.ts checks each one).
 */
export const BETTER_AUTH_ROUTES = {
  'POST /api/auth/two-factor/enable': twoFactorSetupSchema,
  'POST /api/auth/two-factor/generate-backup-codes': z.object({ backupCodes: z.array(z.string()) }),
  'GET /api/auth/passkey/list-user-passkeys': z.array(passkeySchema),
} as const satisfies ApiRoutes;
