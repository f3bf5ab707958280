CREATE TABLE "audience_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped" boolean DEFAULT false NOT NULL,
	CONSTRAINT "audience_deliveries_post_email_unique" UNIQUE("post_id","email")
);
--> statement-breakpoint
CREATE TABLE "audience_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_token" uuid,
	"scheduled_at" timestamp with time zone,
	"expanded_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_senders" (
	"creator_id" text PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"email" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audience_subscribers_creator_email_unique" UNIQUE("creator_id","email")
);
--> statement-breakpoint
CREATE TABLE "audience_unsubscribes" (
	"creator_id" text NOT NULL,
	"email" text NOT NULL,
	"post_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audience_unsubscribes_pk" PRIMARY KEY("creator_id","email")
);
--> statement-breakpoint
ALTER TABLE "audience_deliveries" ADD CONSTRAINT "audience_deliveries_post_id_audience_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."audience_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_deliveries" ADD CONSTRAINT "audience_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_posts" ADD CONSTRAINT "audience_posts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_senders" ADD CONSTRAINT "audience_senders_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_subscribers" ADD CONSTRAINT "audience_subscribers_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_unsubscribes" ADD CONSTRAINT "audience_unsubscribes_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_unsubscribes" ADD CONSTRAINT "audience_unsubscribes_post_id_audience_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."audience_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_deliveries_pending_idx" ON "audience_deliveries" USING btree ("post_id","id") WHERE "audience_deliveries"."sent_at" IS NULL AND NOT "audience_deliveries"."skipped";--> statement-breakpoint
CREATE INDEX "audience_deliveries_user_idx" ON "audience_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audience_deliveries_email_idx" ON "audience_deliveries" USING btree ("email");--> statement-breakpoint
CREATE INDEX "audience_deliveries_sent_idx" ON "audience_deliveries" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "audience_posts_creator_idx" ON "audience_posts" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audience_unsubscribes_post_idx" ON "audience_unsubscribes" USING btree ("post_id");