/**
 * The API's contract: each feature lists its routes and the zod schema of their success answer in
 * `src/shared/<feature>-api.ts`, as `'GET /api/cart': cartSchema` (paths as Fastify writes them).
 * The server declares the same schema objects as the routes' response schemas (checked by
 * src/server/test/response-contract.test.ts); the web takes the answers' types from these maps
 * (`call()` in src/web/lib/api.ts), with `import type`, so no zod reaches the browser through them.
 */
import { z } from 'zod';
import { CURRENCIES } from './money.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiRouteKey = `${ApiMethod} /${string}`;
export type ApiRoutes = { readonly [route: ApiRouteKey]: z.ZodType };

/** `{ id: string }` for `/api/products/:id`; `{}` for a path without parameters. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [Key in Name]: string } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [Key in Name]: string }
    : Record<never, never>;

/** A hosted checkout its buyer came back from, as the success URL names it (a Stripe Checkout session's id). */
export const checkoutReturnSchema = z.object({ checkout: z.string().regex(/^cs_\w{1,250}$/) });

/** The answer of a route that answers 204 No Content. */
export const noContentSchema = z.null();

/** A currency of src/shared/money.ts: the `*Cents` amounts beside it are its minor units. */
export const currencySchema = z.enum(CURRENCIES);
