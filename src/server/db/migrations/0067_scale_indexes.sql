-- The marketplace at a million products (issue #47, decision 038): each sort order of the store's
-- pages has an index to walk, so a page reads its rows in order and stops, whatever the catalogue's
-- size; counts stop at STORE_TOTAL_CAP (modules/products/queries.ts searchStore).
-- Newest first, ties by id: the marketplace and the admins' product list (replaces created_at alone).
DROP INDEX IF EXISTS "products_created_at_idx";
--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- A storefront, newest first: its listed products only, so its count (up to the cap) reads this index alone.
DROP INDEX IF EXISTS "products_user_id_idx";
--> statement-breakpoint
CREATE INDEX "products_user_listed_idx" ON "products" ("user_id", "created_at" DESC, "id" DESC) WHERE "hidden_at" IS NULL AND "published_at" IS NOT NULL;
--> statement-breakpoint
-- A storefront by price, either way, and a creator's own products (drafts and hidden ones too; replaces user_id, created_at).
CREATE INDEX "products_user_price_idx" ON "products" ("user_id", "price_cents");
--> statement-breakpoint
-- The marketplace's Popular sort, which otherwise sorted every product for each page.
CREATE INDEX "products_popular_idx" ON "products" ("views" DESC, "id" DESC);
