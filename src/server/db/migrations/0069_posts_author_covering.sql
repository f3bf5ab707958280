-- The Following feed (issue #47, decision 038) reads each followed author's newest posts from this
-- index: with members_product_id in it too (whether a post is members-only), that read never visits
-- the table (an index-only scan: 0 heap fetches instead of ~800 for a reader following 39 authors).
-- drizzle's schema cannot say INCLUDE, so the index is declared there by name and shaped here.
DROP INDEX IF EXISTS "posts_author_created_idx";
--> statement-breakpoint
CREATE INDEX "posts_author_created_idx" ON "posts" USING btree ("author_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("members_product_id");
