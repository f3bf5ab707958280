// License keys: issued with the sales of a paid order, checked by the creator's own app, managed by
// the creator, disabled by a refund.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { formatLicenseKey, LICENSE_MESSAGES, maskEmail, normalizeLicenseKey } from '#shared/licenses.ts';
import type { CreatorLicense, LicenseVerification, OwnedLicense } from '#shared/licenses-api.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import type { sales } from '../../db/schema/sales.ts';
import {
  countLicenseUse,
  creatorLicenses,
  disableLicense,
  disableSaleLicense,
  enableLicense,
  findLicense,
  getLicense,
  insertLicenses,
  licensedProductIds,
  licensesOfSales,
  resetLicenseUses,
  type LicenseRow,
} from './queries.ts';

/** What issuing keys reads of a sale (typed from the table: licenses sit below the sales module). */
type Sale = Pick<typeof sales.$inferSelect, 'id' | 'status' | 'productId' | 'creatorId'>;

export const generateLicenseKey = () => formatLicenseKey(randomBytes(16));

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * In the payment's transaction: a key for each completed sale of a product sold with license keys
 * (a withdrawn item, recorded refunded, gets none). Idempotent: a second run keeps the keys issued.
 * Answers the keys of these sales, by sale, for the receipt.
 */
export async function issueLicenses(tx: Tx, made: readonly Sale[]): Promise<Map<string, string>> {
  const completed = made.filter((sale) => sale.status === 'completed' && sale.productId);
  const licensed = await licensedProductIds(tx, completed.map((sale) => sale.productId!));
  const toIssue = completed.filter((sale) => licensed.has(sale.productId!));
  await insertLicenses(
    tx,
    toIssue.map((sale) => ({ key: generateLicenseKey(), productId: sale.productId!, saleId: sale.id, creatorId: sale.creatorId })),
  );
  const issued = await licensesOfSales(tx, toIssue.map((sale) => sale.id));
  return new Map([...issued].map(([saleId, license]) => [saleId, license.key]));
}

/** The buyer's keys of these sales (the library), by sale. */
export async function ownedLicenses(db: Executor, saleIds: readonly string[]): Promise<Map<string, OwnedLicense>> {
  const found = await licensesOfSales(db, saleIds);
  return new Map([...found].map(([saleId, license]) => [saleId, { key: license.key, status: license.disabledAt ? 'disabled' : 'active' }]));
}

/** A refund turns the sale's key off, in the refund's transaction. */
export const disableRefundedSaleLicense = (tx: Executor, saleId: string) => disableSaleLicense(tx, saleId);

const notFound = () => new NotFoundError(LICENSE_MESSAGES.notFound, 'license_not_found');

/**
 * POST /api/licenses/verify. An unknown key, a key of another product and a malformed key or product
 * id all answer the same 404, so a wrong guess tells nothing about other keys. A use is counted in
 * one UPDATE (concurrent checks each count exactly once); a disabled key counts none. The buyer's
 * e-mail is masked (`j***@example.com`) unless `callerId`, the account of the request's API key, is
 * the key's creator: holding a key does not give its buyer's address.
 */
export async function verifyLicense(
  db: Db,
  input: { productId: string; licenseKey: string; incrementUsesCount: boolean; callerId: string | null },
): Promise<LicenseVerification> {
  const key = normalizeLicenseKey(input.licenseKey);
  if (!key || !isUuid(input.productId)) throw notFound();
  const counted = input.incrementUsesCount ? await countLicenseUse(db, input.productId, key) : undefined;
  const row = await findLicense(db, input.productId, key);
  if (!row || !row.productId) throw notFound();
  if (!counted && row.disabledAt) {
    if (row.saleStatus === 'refunded') throw new ForbiddenError(LICENSE_MESSAGES.refunded, 'license_refunded');
    throw new ForbiddenError(LICENSE_MESSAGES.disabled, 'license_disabled');
  }
  const createdAt = row.saleCreatedAt.toISOString();
  return {
    success: true,
    uses: counted?.uses ?? row.uses,
    purchase: {
      id: row.saleId,
      sale_id: row.saleId,
      product_id: row.productId,
      product_name: row.productName,
      email: input.callerId !== null && input.callerId === row.creatorId ? row.buyerEmail : maskEmail(row.buyerEmail),
      license_key: row.key,
      price: row.amountCents,
      currency: row.currency.toLowerCase(),
      quantity: 1,
      variants: row.versionName ?? '',
      created_at: createdAt,
      sale_timestamp: createdAt,
      refunded: row.saleStatus === 'refunded',
    },
  };
}

export function toCreatorLicense(row: LicenseRow): CreatorLicense {
  return {
    id: row.id,
    key: row.key,
    productId: row.productId,
    productName: row.productName,
    saleId: row.saleId,
    buyerEmail: row.buyerEmail,
    uses: row.uses,
    status: row.disabledAt ? 'disabled' : 'active',
    refunded: row.saleStatus === 'refunded',
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCreatorLicenses(db: Db, creatorId: string, page: number, pageSize: number) {
  const { rows, total } = await creatorLicenses(db, creatorId, page, pageSize);
  return { items: rows.map(toCreatorLicense), total, page, pageSize };
}

const keyNotFound = () => new NotFoundError(LICENSE_MESSAGES.keyNotFound, 'license_key_not_found');

/** The creator's key after a change; anyone else's key is not found. */
async function changed(db: Db, id: string, done: boolean): Promise<{ license: CreatorLicense }> {
  const row = done ? await getLicense(db, id) : undefined;
  if (!row) throw keyNotFound();
  return { license: toCreatorLicense(row) };
}

export type LicenseAction = 'disable' | 'enable' | 'reset-uses';

/** Disable, enable (not after a refund) or reset the uses of one of the creator's keys. */
export async function changeLicense(db: Db, creatorId: string, id: string, action: LicenseAction) {
  if (!isUuid(id)) throw keyNotFound();
  if (action === 'disable') return changed(db, id, await disableLicense(db, creatorId, id));
  if (action === 'reset-uses') return changed(db, id, await resetLicenseUses(db, creatorId, id));
  const result = await enableLicense(db, creatorId, id);
  if (result === 'refunded') throw new ConflictError(LICENSE_MESSAGES.enableRefunded, 'cannot_enable_refunded');
  return changed(db, id, result === 'enabled');
}
