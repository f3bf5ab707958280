import { api } from '#web/lib/api.ts';
import type { CartContents } from './types.ts';

/** POST /api/cart/merge: a guest's cart joins the account's at login. */
export const mergeCart = (productIds: string[]) => api<CartContents>('/api/cart/merge', { method: 'POST', body: { productIds } });
