import { ratingAverage } from '#shared/products-reviews.ts';
import type { Product } from './queries.ts';

export const mediaUrl = (key: string | null | undefined) => (key ? `/media/product-images/${key}` : null);
export const avatarUrl = (creatorId: string, stored: string | null) => stored ?? `/api/avatars/${creatorId}.svg`;

/** A product as its creator sees it in the dashboard list. */
export function toOwnProduct(product: Product) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    priceCents: product.priceCents,
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
    rating: { average: ratingAverage(product.ratingTotal, product.ratingCount), count: product.ratingCount },
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}
