-- Stripe Connect (issue #45, decision 035): a user's payout account at the payment provider, the
-- transfers of their money to it (one per order and owner, reversed in part by refunds), the test
-- provider's automatic payouts from its test accounts, disputes (chargebacks) of a payment, and the
-- operator's choice for creators without one.
CREATE TABLE "payout_accounts" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"provider" text NOT NULL CHECK ("provider" IN ('stripe', 'test')),
	"account_ref" text NOT NULL UNIQUE,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"transfers_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements" text[] DEFAULT '{}' NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL CHECK ("provider" IN ('stripe', 'test')),
	"account_ref" text NOT NULL,
	"transfer_ref" text NOT NULL UNIQUE,
	"amount_cents" integer NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_order_user_unique" UNIQUE ("order_id", "user_id"),
	CONSTRAINT "transfers_amount_check" CHECK ("amount_cents" > 0 AND "reversed_cents" >= 0 AND "reversed_cents" <= "amount_cents")
);
--> statement-breakpoint
CREATE INDEX "transfers_user_idx" ON "transfers" ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "test_account_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"amount_cents" integer NOT NULL CHECK ("amount_cents" > 0),
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "test_account_payouts_user_idx" ON "test_account_payouts" ("user_id", "created_at");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_ref" text;
--> statement-breakpoint
CREATE INDEX "orders_payment_ref_idx" ON "orders" ("payment_ref") WHERE "payment_ref" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"provider_ref" text NOT NULL UNIQUE,
	"amount_cents" integer NOT NULL CHECK ("amount_cents" > 0),
	"currency" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'won', 'lost')),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" ("order_id");
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "unconnected_sellers" text DEFAULT 'held' NOT NULL
	CONSTRAINT "platform_settings_unconnected_sellers_check" CHECK ("unconnected_sellers" IN ('held', 'connect_first'));
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "transfer_id" uuid;
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "dispute_id" uuid;
--> statement-breakpoint
CREATE INDEX "ledger_transactions_transfer_idx" ON "ledger_transactions" ("transfer_id") WHERE "transfer_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check"
	CHECK ("kind" IN ('sale', 'refund', 'invoice_payment', 'payout', 'payout_completed', 'payout_failed', 'adjustment', 'plan_payment', 'transfer', 'transfer_reversal', 'dispute_won'));
