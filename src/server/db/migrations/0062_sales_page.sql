-- The creator's Sales page (issue #46): its filters read a creator's sales newest first by one of these,
-- so the first page of a filtered list stops after a page of rows however many sales there are.
CREATE INDEX "sales_creator_product_idx" ON "sales" ("creator_id", "product_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "sales_creator_source_idx" ON "sales" ("creator_id", "source", "created_at", "id") WHERE "source" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "sales_creator_affiliate_idx" ON "sales" ("creator_id", "affiliate_id", "created_at", "id") WHERE "affiliate_id" IS NOT NULL;
--> statement-breakpoint
-- The search (part of a buyer's e-mail or a product's name, any case): trigram indexes answer ILIKE '%…%'
-- without reading every sale of the creator. pg_trgm is a trusted extension: the database's owner may add it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "sales_buyer_email_trgm_idx" ON "sales" USING gin ("buyer_email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "sales_product_name_trgm_idx" ON "sales" USING gin ("product_name" gin_trgm_ops);
