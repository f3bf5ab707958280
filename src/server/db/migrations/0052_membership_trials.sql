CREATE TABLE "membership_trials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"card_fingerprint" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_trials_email_check" CHECK ("membership_trials"."email" = lower("membership_trials"."email"))
);
--> statement-breakpoint
ALTER TABLE "membership_trials" ADD CONSTRAINT "membership_trials_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_trials_email_idx" ON "membership_trials" USING btree ("product_id","email");--> statement-breakpoint
CREATE INDEX "membership_trials_user_idx" ON "membership_trials" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "membership_trials_card_idx" ON "membership_trials" USING btree ("product_id","card_fingerprint") WHERE card_fingerprint IS NOT NULL;--> statement-breakpoint
INSERT INTO "membership_trials" ("product_id", "user_id", "email", "started_at")
SELECT "product_id", "subscriber_user_id", lower("subscriber_email"), "created_at" FROM "subscriptions"
WHERE "subject" = 'membership' AND "product_id" IS NOT NULL AND "trial_ends_at" IS NOT NULL;
