ALTER TABLE "orders" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "product_views" ADD COLUMN "source" text;--> statement-breakpoint
CREATE INDEX "orders_items_idx" ON "orders" USING gin ("items" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "orders_source_idx" ON "orders" USING btree ("source","created_at") WHERE "orders"."source" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "product_views_source_idx" ON "product_views" USING btree ("source","day") WHERE "product_views"."source" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_source_idx" ON "sales" USING btree ("source","created_at") WHERE "sales"."source" IS NOT NULL;