-- A sale's referrer (issue #46): the site the buyer came from to the product's page, copied at checkout
-- from their latest view's referrer_domain (product_views). Older sales: unknown (null).
ALTER TABLE "sales" ADD COLUMN "referrer_domain" text;
--> statement-breakpoint
-- The Sales page's referrer filter and the filter options' referring sites, per creator, newest first.
CREATE INDEX "sales_creator_referrer_idx" ON "sales" ("creator_id", "referrer_domain", "created_at", "id") WHERE "referrer_domain" IS NOT NULL;
