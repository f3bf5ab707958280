-- The Customers page and the subscriber import (issue #46).
-- An imported subscriber's name, from the file (a sign-up through "Get updates" has none).
ALTER TABLE "audience_subscribers" ADD COLUMN "name" text;
--> statement-breakpoint
-- Each import a creator started: the daily cap counts them, and they keep what each one did.
CREATE TABLE "audience_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"already_subscribed" integer DEFAULT 0 NOT NULL,
	"unsubscribed_skipped" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audience_imports" ADD CONSTRAINT "audience_imports_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "audience_imports_creator_idx" ON "audience_imports" USING btree ("creator_id","created_at");
--> statement-breakpoint
-- The Customers list groups a creator's sales by buyer address; a person's history reads theirs.
CREATE INDEX "sales_creator_buyer_idx" ON "sales" USING btree ("creator_id",lower("buyer_email"));
--> statement-breakpoint
-- A person's memberships with a creator.
CREATE INDEX "subscriptions_creator_email_idx" ON "subscriptions" USING btree ("creator_id",lower("subscriber_email"));
