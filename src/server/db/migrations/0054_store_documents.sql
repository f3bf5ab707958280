ALTER TABLE "user_profiles" ADD COLUMN "seller_name" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "seller_address" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "seller_tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_address" text;--> statement-breakpoint
CREATE TABLE "store_order_counters" (
	"store_id" text PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_order_counters" ADD CONSTRAINT "store_order_counters_store_id_users_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "store_order_numbers" (
	"order_id" text NOT NULL,
	"store_id" text NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_order_numbers_pk" PRIMARY KEY("order_id","store_id"),
	CONSTRAINT "store_order_numbers_store_number_unique" UNIQUE("store_id","number")
);
--> statement-breakpoint
ALTER TABLE "store_order_numbers" ADD CONSTRAINT "store_order_numbers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_numbers" ADD CONSTRAINT "store_order_numbers_store_id_users_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
