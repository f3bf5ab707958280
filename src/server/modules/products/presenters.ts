import { canSeeProductViews } from '#shared/products.ts';
import { ratingAverage } from '#shared/products-reviews.ts';
import type { SessionUser } from '../../platform/session.ts';
import type { getProductWithCreator, Product, StoreRow } from './queries.ts';

export const mediaUrl = (key: string | null | undefined) => (key ? `/media/product-images/${key}` : null);
export const avatarUrl = (creatorId: string, stored: string | null) => stored ?? `/api/avatars/${creatorId}.svg`;

/** A product as its creator sees it in the dashboard list. */
export function toOwnProduct(product: Product) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    priceCents: product.priceCents,
    payWhatYouWant: product.payWhatYouWant,
    suggestedPriceCents: product.suggestedPriceCents,
    category: product.category,
    tags: product.tags,
    coverUrl: mediaUrl(product.coverKey),
    cardUrl: mediaUrl(product.cardKey),
    fileName: product.fileName,
    fileSize: product.fileSize,
    views: product.views,
    salesCount: product.salesCount,
    /** Hidden from the marketplace by an admin; only its creator and admins still see it. */
    hidden: product.hiddenAt !== null,
    licenseKeys: product.licenseKeys,
    rating: { average: ratingAverage(product.ratingTotal, product.ratingCount), count: product.ratingCount },
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** A product page: the product, whether the viewer owns it, and its creator. Views only for the creator and admins. */
export function toProductDetails(row: NonNullable<Awaited<ReturnType<typeof getProductWithCreator>>>, viewer: SessionUser | null) {
  const { product } = row;
  return {
    ...toOwnProduct(product),
    views: canSeeProductViews(viewer, product) ? product.views : null,
    isOwner: viewer?.id === product.userId,
    creator: {
      id: row.creatorId,
      name: row.creatorName,
      avatarUrl: avatarUrl(row.creatorId, row.creatorAvatarUrl),
      slug: row.creatorSlug,
      bio: row.creatorBio,
      socialLinks: row.creatorSocialLinks,
    },
  };
}

/** A marketplace card. */
export function toStoreCard(row: StoreRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    payWhatYouWant: row.payWhatYouWant,
    category: row.category,
    tags: row.tags,
    cardUrl: mediaUrl(row.cardKey),
    createdAt: row.createdAt.toISOString(),
    creator: { id: row.creatorId, name: row.creatorName, avatarUrl: avatarUrl(row.creatorId, row.creatorAvatarUrl), slug: row.creatorSlug },
    rating: { average: ratingAverage(row.ratingTotal, row.ratingCount), count: row.ratingCount },
  };
}
