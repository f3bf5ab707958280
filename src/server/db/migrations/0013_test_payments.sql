ALTER TABLE "orders" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders paid with the built-in test provider before this column existed moved no money either.
UPDATE "orders" SET "test_mode" = true WHERE "provider" = 'test';--> statement-breakpoint
UPDATE "sales" SET "test_mode" = true FROM "orders" WHERE "orders"."id" = "sales"."order_id" AND "orders"."test_mode";
