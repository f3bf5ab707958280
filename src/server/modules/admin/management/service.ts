import { ADMIN_MESSAGES, type PLAN_IDS } from '#shared/admin.ts';
import type { Role } from '#shared/auth.ts';
import { linkCacheKey, LINKS_INTERNAL_CHANNEL } from '#shared/links.ts';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { recordAdminAction } from '../../../platform/audit.ts';
import { BadRequestError, NotFoundError } from '../../../platform/errors.ts';
import type { Realtime } from '../../../platform/realtime.ts';
import type { SessionUser } from '../../../platform/session.ts';
import type { ObjectStorage } from '../../../platform/storage/storage.ts';
import {
  deleteProductRow,
  getLinkForUpdate,
  getProductForUpdate,
  getUserForUpdate,
  setLinkBanned,
  setProductHidden,
  setUserPlan,
  setUserRole,
  setUserSuspended,
} from './queries.ts';
import { galleryOf } from '../../products/queries.ts';

type LockedUser = NonNullable<Awaited<ReturnType<typeof getUserForUpdate>>>;

/**
 * Admin management (issue 8): each change to a user, product or short link is written to the audit
 * log in the same transaction as the change itself, then announced to whoever shows it.
 */
export function adminManagement({ db, storage, realtime }: { db: Db; storage: ObjectStorage; realtime: Realtime }) {
  const storeChanged = (userId: string, id = '', action: 'updated' | 'deleted' = 'updated') =>
    realtime.publish(PUBLIC_CHANNEL, 'products.changed', { id, action, userId });

  /** Runs `change` on a locked user row, refusing a missing user. */
  async function changeUser<T>(id: string, change: (tx: Tx, user: LockedUser) => Promise<T>) {
    return db.transaction(async (tx) => {
      const user = await getUserForUpdate(tx, id);
      if (!user) throw new NotFoundError(ADMIN_MESSAGES.userNotFound, 'user_not_found');
      return change(tx, user);
    });
  }

  async function lockedProduct(tx: Tx, id: string) {
    const row = await getProductForUpdate(tx, id);
    if (!row) throw new NotFoundError(ADMIN_MESSAGES.productNotFound, 'product_not_found');
    return row;
  }

  return {
    async changeRole(admin: SessionUser, id: string, role: Role) {
      if (id === admin.id) throw new BadRequestError(ADMIN_MESSAGES.cannotChangeOwnRole, 'own_role');
      await changeUser(id, async (tx, user) => {
        if (user.role === role) return;
        await setUserRole(tx, user.id, role);
        await recordAdminAction(tx, admin, 'user.role_changed', { type: 'user', id: user.id }, { email: user.email, from: user.role, to: role });
      });
      return { id, role };
    },

    async changePlan(admin: SessionUser, id: string, plan: (typeof PLAN_IDS)[number]) {
      await changeUser(id, async (tx, user) => {
        if (user.plan === plan) return;
        await setUserPlan(tx, user.id, plan);
        await recordAdminAction(tx, admin, 'user.plan_changed', { type: 'user', id: user.id }, { email: user.email, from: user.plan, to: plan });
      });
      return { id, plan };
    },

    /** A suspended user cannot sign in (platform/auth.ts), loses every session now, and their storefront and products leave the store. */
    async suspend(admin: SessionUser, id: string) {
      if (id === admin.id) throw new BadRequestError(ADMIN_MESSAGES.cannotSuspendSelf, 'own_account');
      const suspendedAt = await changeUser(id, async (tx, user) => {
        if (user.suspendedAt) return user.suspendedAt;
        await setUserSuspended(tx, user.id, true);
        await recordAdminAction(tx, admin, 'user.suspended', { type: 'user', id: user.id }, { email: user.email });
        return new Date();
      });
      await storeChanged(id);
      return { id, suspendedAt: suspendedAt.toISOString() };
    },

    async reinstate(admin: SessionUser, id: string) {
      await changeUser(id, async (tx, user) => {
        if (!user.suspendedAt) return;
        await setUserSuspended(tx, user.id, false);
        await recordAdminAction(tx, admin, 'user.reinstated', { type: 'user', id: user.id }, { email: user.email });
      });
      await storeChanged(id);
      return { id, suspendedAt: null };
    },

    async setProductHidden(admin: SessionUser, id: string, hidden: boolean) {
      const product = await db.transaction(async (tx) => {
        const row = await lockedProduct(tx, id);
        if (Boolean(row.hiddenAt) !== hidden) {
          await setProductHidden(tx, row.id, hidden);
          await recordAdminAction(tx, admin, hidden ? 'product.hidden' : 'product.shown', { type: 'product', id: row.id }, { name: row.name });
        }
        return row;
      });
      await storeChanged(product.userId, product.id);
      return { id: product.id, hidden };
    },

    /** The product and its files go; its sales stay (product set to null, name kept). */
    async removeProduct(admin: SessionUser, id: string) {
      const { product, gallery } = await db.transaction(async (tx) => {
        const row = await lockedProduct(tx, id);
        const images = await galleryOf(tx, row.id);
        await deleteProductRow(tx, row.id);
        await recordAdminAction(tx, admin, 'product.removed', { type: 'product', id: row.id }, { name: row.name, creatorId: row.userId });
        return { product: row, gallery: images };
      });
      await storage.delete('product-files', product.fileKey).catch(() => {});
      const imageKeys = [product.coverKey, product.cardKey, ...gallery.flatMap((image) => [image.key, image.thumbKey])];
      for (const key of imageKeys) if (key) await storage.delete('product-images', key).catch(() => {});
      await storeChanged(product.userId, product.id, 'deleted');
    },

    async setLinkBanned(admin: SessionUser, code: string, banned: boolean, domain?: string) {
      const link = await db.transaction(async (tx) => {
        const row = await getLinkForUpdate(tx, code, domain);
        if (!row) throw new NotFoundError(ADMIN_MESSAGES.linkNotFound(code), 'link_not_found', { params: { code } });
        if (Boolean(row.bannedAt) !== banned) {
          await setLinkBanned(tx, row.id, banned);
          await recordAdminAction(tx, admin, banned ? 'link.banned' : 'link.unbanned', { type: 'link', id: code }, { url: row.originalUrl });
        }
        return row;
      });
      // Every instance drops the code from its redirect cache, so a banned link stops at once.
      await realtime.publish(LINKS_INTERNAL_CHANNEL, 'link.removed', linkCacheKey(link.shortCode, link.domainId));
      return { code: link.shortCode, banned };
    },
  };
}
