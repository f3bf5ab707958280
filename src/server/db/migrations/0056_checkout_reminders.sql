ALTER TABLE "user_profiles" ADD COLUMN "checkout_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "checkout_reminders" (
	"order_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "checkout_reminders_pk" PRIMARY KEY("order_id","creator_id"),
	CONSTRAINT "checkout_reminders_status_check" CHECK ("checkout_reminders"."status" IN ('queued', 'sent', 'paid', 'bought_since', 'withdrawn', 'turned_off', 'unsubscribed', 'not_pending'))
);
--> statement-breakpoint
ALTER TABLE "checkout_reminders" ADD CONSTRAINT "checkout_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_reminders" ADD CONSTRAINT "checkout_reminders_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_reminders_creator_idx" ON "checkout_reminders" USING btree ("creator_id");
