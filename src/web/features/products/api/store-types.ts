import type { Category } from '#shared/products.ts';
import type { PortfolioItem, SocialLinks } from '#shared/profiles.ts';

export interface StoreCreator {
  id: string;
  name: string;
  avatarUrl: string;
  slug: string;
}

/** A marketplace card (GET /api/store/products). */
export interface StoreProduct {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  category: Category;
  tags: string[];
  cardUrl: string | null;
  createdAt: string;
  creator: StoreCreator;
  rating: ProductRating;
}

/** The reviews' average (one decimal, null without reviews) and their number. */
export interface ProductRating {
  average: number | null;
  count: number;
}

export interface CreatorProfile extends StoreCreator {
  bio: string;
  socialLinks: Partial<SocialLinks> | null;
  /** Empty unless the creator's profile is public. */
  skills?: string[];
  portfolio?: PortfolioItem[];
}

/** Every query of this feature starts with this key; `products.changed` invalidates them all. */
export const STORE_QUERY_KEY = ['store'] as const;
