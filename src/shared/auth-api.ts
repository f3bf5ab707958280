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
