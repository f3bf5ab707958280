DROP INDEX "sales_creator_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_body" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sales_creator_idx" ON "sales" USING btree ("creator_id","created_at","id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_check" CHECK (("reviews"."reply_body" IS NULL) = ("reviews"."replied_at" IS NULL));