-- Creators' plan payments are the platform's revenue in the ledger (issue #45): a plan_payment per paid plan invoice.
ALTER TABLE "ledger_transactions" ADD COLUMN "plan_invoice_id" text;
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check"
	CHECK ("kind" IN ('sale', 'refund', 'invoice_payment', 'payout', 'payout_completed', 'payout_failed', 'adjustment', 'plan_payment'));
--> statement-breakpoint
CREATE INDEX "ledger_transactions_plan_invoice_idx" ON "ledger_transactions" ("plan_invoice_id") WHERE "plan_invoice_id" IS NOT NULL;
--> statement-breakpoint
WITH t AS (
	INSERT INTO "ledger_transactions" ("kind", "currency", "test_mode", "plan_invoice_id", "created_at")
	SELECT 'plan_payment', p."currency", p."test_mode", p."id", p."created_at" FROM "plan_invoices" p
	WHERE p."status" = 'paid' AND p."amount_cents" <> 0
	RETURNING "id", "plan_invoice_id"
)
INSERT INTO "ledger_entries" ("transaction_id", "account", "owner_id", "amount_cents")
SELECT t."id", e.account, NULL, e.amount FROM t JOIN "plan_invoices" p ON p."id" = t."plan_invoice_id"
CROSS JOIN LATERAL (VALUES ('provider', p."amount_cents"::bigint), ('platform_fees', -p."amount_cents"::bigint)) AS e(account, amount);
