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
ALTER TABLE "audience_deliveries" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audience_deliveries" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audience_deliveries" ADD COLUMN "clicked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audience_posts" ADD COLUMN "track_opens" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audience_posts" ADD COLUMN "update_product_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "attachment_type" text;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "attachment_size" bigint;--> statement-breakpoint
ALTER TABLE "audience_post_files" ADD CONSTRAINT "audience_post_files_post_id_audience_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."audience_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_post_files" ADD CONSTRAINT "audience_post_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_workflow_enrollments" ADD CONSTRAINT "audience_workflow_enrollments_workflow_id_audience_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."audience_workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_workflow_enrollments" ADD CONSTRAINT "audience_workflow_enrollments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_workflow_enrollments" ADD CONSTRAINT "audience_workflow_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_workflows" ADD CONSTRAINT "audience_workflows_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_workflows" ADD CONSTRAINT "audience_workflows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_post_files_post_idx" ON "audience_post_files" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "audience_post_files_product_idx" ON "audience_post_files" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "audience_workflow_enrollments_sale_idx" ON "audience_workflow_enrollments" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "audience_workflows_creator_idx" ON "audience_workflows" USING btree ("creator_id");--> statement-breakpoint
ALTER TABLE "audience_posts" ADD CONSTRAINT "audience_posts_update_product_id_products_id_fk" FOREIGN KEY ("update_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;