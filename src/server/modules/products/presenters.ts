import { canSeeProductViews } from '#shared/products.ts';
import { markdownPlainText } from '#shared/products-markdown.ts';
import { ratingAverage } from '#shared/products-reviews.ts';
import type { SessionUser } from '../../platform/session.ts';
import type { getProductWithCreator, Product, ProductImage, StoreRow } from './queries.ts';
import type { Version } from './version-queries.ts';

export const mediaUrl = (key: string | null | undefined) => (key ? `/media/product-images/${key}` : null);
export const avatarUrl = (creatorId: string, stored: string | null) => stored ?? `/api/avatars/${creatorId}.svg`;

/** A gallery image as the API shows it. */
export const toGalleryImage = (image: ProductImage) => ({
  id: image.id,
  url: mediaUrl(image.key)!,
  thumbUrl: mediaUrl(image.thumbKey)!,
  width: image.width,
  height: image.height,
});

/** A version as buyers see it. */
export const toProductVersion = (version: Version) => ({
  id: version.id,
  name: version.name,
  description: version.description,
  priceCents: version.priceCents,
});

/** A version as its creator sees it: with its file. */
export const toOwnVersion = (version: Version) => ({ ...toProductVersion(version), fileName: version.fileName, fileSize: version.fileSize });

/** A product as its creator sees it in the dashboard list, with its gallery and active versions. */
export function toOwnProduct(product: Product, images: ProductImage[], versions: Version[]) {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    description: product.description,
    priceCents: product.priceCents,
    currency: product.currency,
    payWhatYouWant: product.payWhatYouWant,
    suggestedPriceCents: product.suggestedPriceCents,
    category: product.category,
    tags: product.tags,
    coverUrl: mediaUrl(product.coverKey),
    cardUrl: mediaUrl(product.cardKey),
    images: images.map(toGalleryImage),
    fileName: product.fileName,
    fileSize: product.fileSize,
    views: product.views,
    salesCount: product.salesCount,
    /** Hidden from the marketplace by an admin; only its creator and admins still see it. */
    hidden: product.hiddenAt !== null,
    /** A draft (unpublished) is seen by its store and admins only. */
    published: product.publishedAt !== null,
    licenseKeys: product.licenseKeys,
    versions: versions.map(toProductVersion),
    rating: { average: ratingAverage(product.ratingTotal, product.ratingCount), count: product.ratingCount },
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** A product page: the product, whether the viewer owns it, and its creator. Views only for the creator and admins. */
export function toProductDetails(
  row: NonNullable<Awaited<ReturnType<typeof getProductWithCreator>>>,
  images: ProductImage[],
  versions: Version[],
  viewer: SessionUser | null,
) {
  const { product } = row;
  return {
    ...toOwnProduct(product, images, versions),
    views: canSeeProductViews(viewer, product) ? product.views : null,
    isOwner: viewer?.id === product.userId,
    hasMembershipPlan: row.hasMembershipPlan,
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
export function toStoreCard(row: StoreRow, hasVersions: boolean) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: markdownPlainText(row.description, 200),
    priceCents: row.priceCents,
    currency: row.currency,
    payWhatYouWant: row.payWhatYouWant,
    hasVersions,
    category: row.category,
    tags: row.tags,
    cardUrl: mediaUrl(row.cardKey),
    createdAt: row.createdAt.toISOString(),
    creator: { id: row.creatorId, name: row.creatorName, avatarUrl: avatarUrl(row.creatorId, row.creatorAvatarUrl), slug: row.creatorSlug },
    rating: { average: ratingAverage(row.ratingTotal, row.ratingCount), count: row.ratingCount },
  };
}
