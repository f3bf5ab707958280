import { call } from '#web/lib/api.ts';

/** POST /api/cart/merge: a guest's cart joins the account's at login. */
export const mergeCart = (productIds: string[]) => call('POST /api/cart/merge', { body: { productIds } });
