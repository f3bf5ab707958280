CREATE TABLE "plan_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"subscription_id" text,
	"plan" text NOT NULL,
	"interval" text NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_invoices_amount_check" CHECK ("plan_invoices"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_plan" text;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_invoices_user_idx" ON "plan_invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_invoices_period_unique" ON "plan_invoices" USING btree ("subscription_id","kind","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_plan_live_unique" ON "subscriptions" USING btree ("subscriber_user_id") WHERE subject = 'plan' AND status IN ('trialing', 'active', 'past_due');