import type { Category } from '#shared/products.ts';
import type { SocialLinks } from '#shared/profiles.ts';

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
}

export interface CreatorProfile extends StoreCreator {
  bio: string;
  socialLinks: Partial<SocialLinks> | null;
}

/** Every query of this feature starts with this key; `products.changed` invalidates them all. */
export const STORE_QUERY_KEY = ['store'] as const;
