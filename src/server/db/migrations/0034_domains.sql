CREATE TABLE "domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"hostname" text NOT NULL,
	"purpose" text NOT NULL,
	"token" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"problem" text,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"check_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_hostname_unique" UNIQUE("hostname")
);
--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domains_user_idx" ON "domains" USING btree ("user_id");