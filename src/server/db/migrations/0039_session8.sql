CREATE TABLE "ai_usage" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"generations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "audience_post_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_workflow_enrollments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workflow_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"next_step" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audience_workflow_enrollments_sale_unique" UNIQUE("workflow_id","sale_id"),
	CONSTRAINT "audience_workflow_enrollments_step_check" CHECK ("audience_workflow_enrollments"."next_step" >= 0)
);
--> statement-breakpoint
CREATE TABLE "audience_workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"name" text NOT NULL,
	"product_id" uuid,
	"steps" jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer,
	"code" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"tiers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plans_trial_check" CHECK ("membership_plans"."trial_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text DEFAULT 'membership' NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"version_id" uuid,
	"tier_name" text,
	"creator_id" text,
	"subscriber_user_id" text NOT NULL,
	"subscriber_email" text NOT NULL,
	"interval" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"test_card" text,
	"provider_ref" text,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"grace_ends_at" timestamp with time zone,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "subscriptions_price_check" CHECK ("subscriptions"."price_cents" >= 0 AND "subscriptions"."credit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "team_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_owner_member_unique" UNIQUE("owner_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "audience_deliveries" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audience_deliveries" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audience_deliveries" ADD COLUMN "clicked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audience_posts" ADD COLUMN "track_opens" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audience_posts" ADD COLUMN "update_product_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "members_product_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "attachment_type" text;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "attachment_size" bigint;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "preview_title" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "preview_description" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "preview_image_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_post_files" ADD CONSTRAINT "audience_post_files_post_id_audience_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."audience_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_post_files" ADD CONSTRAINT "audience_post_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_workflow_enrollments" ADD CONSTRAINT "audience_workflow_enrollments_workflow_id_audience_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."audience_workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_workflow_enrollments" ADD CONSTRAINT "audience_workflow_enrollments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_workflow_enrollments" ADD CONSTRAINT "audience_workflow_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_workflows" ADD CONSTRAINT "audience_workflows_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_workflows" ADD CONSTRAINT "audience_workflows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_reports" ADD CONSTRAINT "link_reports_link_id_short_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."short_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_reports" ADD CONSTRAINT "link_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD CONSTRAINT "membership_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_version_id_product_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."product_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_subscriber_user_id_users_id_fk" FOREIGN KEY ("subscriber_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_post_files_post_idx" ON "audience_post_files" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "audience_post_files_product_idx" ON "audience_post_files" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "audience_workflow_enrollments_sale_idx" ON "audience_workflow_enrollments" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "audience_workflows_creator_idx" ON "audience_workflows" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "link_reports_status_idx" ON "link_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "link_reports_link_idx" ON "link_reports" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("current_period_end") WHERE status IN ('trialing', 'active');--> statement-breakpoint
CREATE INDEX "subscriptions_grace_idx" ON "subscriptions" USING btree ("grace_ends_at") WHERE status = 'past_due';--> statement-breakpoint
CREATE INDEX "subscriptions_creator_idx" ON "subscriptions" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_subscriber_idx" ON "subscriptions" USING btree ("subscriber_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_unique" ON "subscriptions" USING btree ("product_id","subscriber_user_id") WHERE status IN ('trialing', 'active', 'past_due');--> statement-breakpoint
CREATE UNIQUE INDEX "team_invites_owner_email_unique" ON "team_invites" USING btree ("owner_id",lower("email"));--> statement-breakpoint
CREATE INDEX "team_members_member_idx" ON "team_members" USING btree ("member_id");--> statement-breakpoint
ALTER TABLE "audience_posts" ADD CONSTRAINT "audience_posts_update_product_id_products_id_fk" FOREIGN KEY ("update_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_members_product_id_products_id_fk" FOREIGN KEY ("members_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_members_product_idx" ON "posts" USING btree ("members_product_id") WHERE members_product_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_id") WHERE subscription_id IS NOT NULL;