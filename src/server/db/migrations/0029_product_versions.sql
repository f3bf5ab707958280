CREATE TABLE "product_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"position" smallint NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_versions_price_check" CHECK ("product_versions"."price_cents" >= 0),
	CONSTRAINT "product_versions_position_check" CHECK ("product_versions"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "version_name" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "version_id" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "version_name" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_versions_product_idx" ON "product_versions" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_versions_active_name_unique" ON "product_versions" USING btree ("product_id",lower("name")) WHERE "product_versions"."archived_at" IS NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_version_id_product_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."product_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_file_key_idx" ON "sales" USING btree ("file_key") WHERE "sales"."file_key" IS NOT NULL;