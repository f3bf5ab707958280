ALTER TABLE "short_links" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "max_clicks" bigint;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "expired_url" text;