// A product's versions (decision 017): the creator adds, changes, orders and removes them; a
// removed version is archived, and no file a sale delivers is ever deleted.
import { PRODUCT_VERSIONS_MAX, VERSION_FORM_CODES, VERSION_MESSAGES, versionEditFormSchema, versionFormSchema } from '#shared/products-versions.ts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { toOwnVersion } from './presenters.ts';
import { announce, editableProduct, priceIn } from './service.ts';
import type { ReceivedVersionForm } from './version-form.ts';
import {
  activeVersions,
  getVersion,
  insertVersion,
  lockProductVersions,
  reorderVersions,
  syncVersionPrice,
  updateVersion,
  versionFileInUse,
  versionNameTaken,
  type Version,
} from './version-queries.ts';

/** Reads the multipart form into storage within the quota of the product's owner (version-form.ts). */
export type ReceiveVersionForm = (ownerId: string) => Promise<ReceivedVersionForm>;

function checkedFields<Schema extends z.ZodType>(schema: Schema, fields: Record<string, string>): z.output<Schema> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new BadRequestError(issue.message, VERSION_FORM_CODES[issue.message]);
}

const versionNotFound = () => new NotFoundError(VERSION_MESSAGES.versionNotFound, 'version_not_found');
const nameTaken = (name: string) => new ConflictError(VERSION_MESSAGES.versionNameTaken(name), 'version_name_taken', { params: { name } });

/** A unique violation of product_versions_active_name_unique (two saves of one name at once) answers like the check. */
function isNameConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === '23505' && cause.constraint === 'product_versions_active_name_unique';
}

async function answer(ctx: AppContext, productId: string, userId: string) {
  await announce(ctx, productId, 'updated', userId);
  return { versions: (await activeVersions(ctx.database.db, productId)).map(toOwnVersion) };
}

async function activeVersion(ctx: AppContext, productId: string, versionId: string): Promise<Version> {
  const version = await getVersion(ctx.database.db, productId, versionId);
  if (!version || version.archivedAt) throw versionNotFound();
  return version;
}

/** Deletes a version's former file unless a sale delivers it (or a pending order may still). */
async function releaseFile(ctx: AppContext, version: Version) {
  if (!(await versionFileInUse(ctx.database.db, version.fileKey, version.id))) await ctx.storage.delete('product-files', version.fileKey);
}

/** The product's active versions, with their files, for its creator or an admin. */
export async function listVersions(ctx: AppContext, user: SessionUser, productId: string) {
  const product = await editableProduct(ctx, user, productId);
  return { versions: (await activeVersions(ctx.database.db, product.id)).map(toOwnVersion) };
}

/** A new version, last in order: its file is stored first and removed again if it is not saved. */
export async function addVersion(ctx: AppContext, user: SessionUser, productId: string, receive: ReceiveVersionForm) {
  const product = await editableProduct(ctx, user, productId);
  const form = await receive(product.userId);
  try {
    const fields = checkedFields(versionFormSchema, form.fields);
    if (!form.file) throw new BadRequestError(VERSION_MESSAGES.versionFileRequired, 'version_file_required');
    const file = form.file;
    await ctx.database.db.transaction(async (tx) => {
      await lockProductVersions(tx, product.id);
      const current = await activeVersions(tx, product.id);
      if (current.length >= PRODUCT_VERSIONS_MAX) {
        throw new BadRequestError(VERSION_MESSAGES.tooManyVersions(PRODUCT_VERSIONS_MAX), 'too_many_versions', { params: { max: PRODUCT_VERSIONS_MAX } });
      }
      if (await versionNameTaken(tx, product.id, fields.name)) throw nameTaken(fields.name);
      await insertVersion(tx, {
        productId: product.id,
        name: fields.name,
        description: fields.description ?? '',
        priceCents: priceIn(fields.price, product.currency),
        fileKey: file.key,
        fileName: file.name,
        fileSize: file.size,
        position: 0,
      });
      await syncVersionPrice(tx, product.id);
    });
  } catch (error) {
    await form.discard();
    if (isNameConflict(error)) throw nameTaken(form.fields.name?.trim() ?? '');
    throw error;
  }
  return answer(ctx, product.id, user.id);
}

/**
 * Changes the fields sent. A new file serves future buyers: the sales made keep the file they
 * delivered (sales.file_key), and the former file is deleted only when no sale delivers it.
 */
export async function changeVersion(ctx: AppContext, user: SessionUser, productId: string, versionId: string, receive: ReceiveVersionForm) {
  const product = await editableProduct(ctx, user, productId);
  const version = await activeVersion(ctx, product.id, versionId);
  const form = await receive(product.userId);
  try {
    const fields = checkedFields(versionEditFormSchema, form.fields);
    await ctx.database.db.transaction(async (tx) => {
      await lockProductVersions(tx, product.id);
      if (fields.name !== undefined && (await versionNameTaken(tx, product.id, fields.name, version.id))) throw nameTaken(fields.name);
      await updateVersion(tx, version.id, {
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.price !== undefined ? { priceCents: priceIn(fields.price, product.currency) } : {}),
        ...(form.file ? { fileKey: form.file.key, fileName: form.file.name, fileSize: form.file.size } : {}),
      });
      await syncVersionPrice(tx, product.id);
    });
  } catch (error) {
    await form.discard();
    if (isNameConflict(error)) throw nameTaken(form.fields.name?.trim() ?? '');
    throw error;
  }
  if (form.file) await releaseFile(ctx, version);
  return answer(ctx, product.id, user.id);
}

/** Removes a version from sale: it is archived, and its file goes unless a sale delivers it. */
export async function removeVersion(ctx: AppContext, user: SessionUser, productId: string, versionId: string) {
  const product = await editableProduct(ctx, user, productId);
  const version = await activeVersion(ctx, product.id, versionId);
  await ctx.database.db.transaction(async (tx) => {
    await lockProductVersions(tx, product.id);
    await updateVersion(tx, version.id, { archivedAt: new Date() });
    const rest = await activeVersions(tx, product.id);
    await reorderVersions(tx, rest.map((item) => item.id));
    await syncVersionPrice(tx, product.id);
  });
  await releaseFile(ctx, version);
  return answer(ctx, product.id, user.id);
}

/** Puts the active versions in the order given: it must list each of them once. */
export async function orderVersions(ctx: AppContext, user: SessionUser, productId: string, ids: readonly string[]) {
  const product = await editableProduct(ctx, user, productId);
  await ctx.database.db.transaction(async (tx) => {
    await lockProductVersions(tx, product.id);
    const current = await activeVersions(tx, product.id);
    const known = new Set(current.map((version) => version.id));
    if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new BadRequestError(VERSION_MESSAGES.invalidVersionOrder, 'invalid_version_order');
    }
    await reorderVersions(tx, [...ids]);
  });
  return answer(ctx, product.id, user.id);
}
