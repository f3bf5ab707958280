-- The ledger (issue #45, docs/decisions/035-connect-and-ledger.md): every movement of money as a
-- transaction of entries that sum to zero (debits positive; src/shared/ledger.ts posts them).
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('sale', 'refund', 'invoice_payment', 'payout', 'payout_completed', 'payout_failed', 'adjustment')),
	"currency" text NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"creator_id" text,
	"sale_id" uuid,
	"refund_id" uuid,
	"order_id" text,
	"payout_id" uuid,
	"actor_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT,
	"account" text NOT NULL CHECK ("account" IN ('provider', 'tax_payable', 'platform_fees', 'balance', 'payouts_in_transit')),
	"owner_id" text,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("amount_cents" <> 0)
);
--> statement-breakpoint
CREATE INDEX "ledger_transactions_sale_idx" ON "ledger_transactions" ("sale_id") WHERE "sale_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ledger_transactions_payout_idx" ON "ledger_transactions" ("payout_id") WHERE "payout_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ledger_transactions_order_idx" ON "ledger_transactions" ("order_id") WHERE "order_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ledger_transactions_creator_idx" ON "ledger_transactions" ("creator_id", "created_at");
--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" ("transaction_id");
--> statement-breakpoint
CREATE INDEX "ledger_entries_owner_idx" ON "ledger_entries" ("owner_id", "account") WHERE "owner_id" IS NOT NULL;
--> statement-breakpoint
-- At commit, each transaction that got entries must sum to zero.
CREATE FUNCTION "ledger_transaction_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (SELECT sum("amount_cents") FROM "ledger_entries" WHERE "transaction_id" = NEW."transaction_id") <> 0 THEN
		RAISE EXCEPTION 'ledger transaction % does not sum to zero', NEW."transaction_id" USING ERRCODE = 'check_violation';
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balance" AFTER INSERT ON "ledger_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_transaction_balances"();
--> statement-breakpoint
-- The books are written once: a correction is a transaction of its own.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the ledger is append-only' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
-- The opening: today's sales, refunds, paid invoices and payouts, posted as src/shared/ledger.ts posts them.
-- A part (fee, commission) kept by a sale after `refunded` of `amount` was given back (saleFeeCents).
CREATE FUNCTION "ledger_kept_part"(part bigint, amount bigint, refunded bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN amount <= 0 OR amount - refunded <= 0 THEN 0 WHEN refunded <= 0 THEN part
		ELSE round(part::numeric * (amount - refunded) / amount)::bigint END
$$;
--> statement-breakpoint
WITH t AS (
	INSERT INTO "ledger_transactions" ("kind", "currency", "test_mode", "creator_id", "sale_id", "order_id", "created_at")
	SELECT 'sale', s."currency", s."test_mode", s."creator_id", s."id", s."order_id", s."created_at" FROM "sales" s
	WHERE s."amount_cents" + s."tax_cents" <> 0
	RETURNING "id", "sale_id"
)
INSERT INTO "ledger_entries" ("transaction_id", "account", "owner_id", "amount_cents")
SELECT t."id", e.account, e.owner_id, e.amount FROM t JOIN "sales" s ON s."id" = t."sale_id"
CROSS JOIN LATERAL (VALUES
	('provider', NULL::text, (s."amount_cents" + s."tax_cents")::bigint),
	('tax_payable', NULL, -s."tax_cents"),
	('platform_fees', NULL, -s."fee_cents"),
	('balance', s."affiliate_id", -s."commission_cents"),
	('balance', s."creator_id", -(s."amount_cents" - s."fee_cents" - s."commission_cents"))
) AS e(account, owner_id, amount)
WHERE e.amount <> 0;
--> statement-breakpoint
WITH r AS (
	SELECT sr."id", sr."sale_id", sr."amount_cents" AS refund, sr."tax_cents" AS tax, sr."created_at", s."amount_cents" AS amount,
		s."fee_cents" AS fee, s."commission_cents" AS commission, s."creator_id", s."affiliate_id", s."currency", s."test_mode", s."order_id",
		coalesce(sum(sr."amount_cents") OVER (PARTITION BY sr."sale_id" ORDER BY sr."created_at", sr."id" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
	FROM "sale_refunds" sr JOIN "sales" s ON s."id" = sr."sale_id"
), d AS (
	SELECT r.*, ledger_kept_part(r.fee, r.amount, r.before) - ledger_kept_part(r.fee, r.amount, r.before + r.refund) AS fee_back,
		ledger_kept_part(r.commission, r.amount, r.before) - ledger_kept_part(r.commission, r.amount, r.before + r.refund) AS commission_back
	FROM r
), t AS (
	INSERT INTO "ledger_transactions" ("kind", "currency", "test_mode", "creator_id", "sale_id", "refund_id", "order_id", "created_at")
	SELECT 'refund', d."currency", d."test_mode", d."creator_id", d."sale_id", d."id", d."order_id", d."created_at" FROM d
	WHERE d.refund + d.tax <> 0
	RETURNING "id", "refund_id"
)
INSERT INTO "ledger_entries" ("transaction_id", "account", "owner_id", "amount_cents")
SELECT t."id", e.account, e.owner_id, e.amount FROM t JOIN d ON d."id" = t."refund_id"
CROSS JOIN LATERAL (VALUES
	('provider', NULL::text, -(d.refund + d.tax)::bigint),
	('tax_payable', NULL, d.tax::bigint),
	('platform_fees', NULL, d.fee_back),
	('balance', d."affiliate_id", d.commission_back),
	('balance', d."creator_id", d.refund - d.fee_back - d.commission_back)
) AS e(account, owner_id, amount)
WHERE e.amount <> 0;
--> statement-breakpoint
WITH t AS (
	INSERT INTO "ledger_transactions" ("kind", "currency", "test_mode", "creator_id", "order_id", "created_at")
	SELECT 'invoice_payment', o."currency", o."test_mode", i."user_id", o."id", coalesce(o."paid_at", o."created_at")
	FROM "orders" o LEFT JOIN "invoices" i ON i."id" = o."invoice_id"
	WHERE o."kind" = 'invoice' AND o."status" = 'paid' AND o."total_cents" <> 0
	RETURNING "id", "order_id", "creator_id"
)
INSERT INTO "ledger_entries" ("transaction_id", "account", "owner_id", "amount_cents")
SELECT t."id", e.account, e.owner_id, e.amount FROM t JOIN "orders" o ON o."id" = t."order_id"
CROSS JOIN LATERAL (VALUES ('provider', NULL::text, o."total_cents"::bigint), ('balance', t."creator_id", -o."total_cents"::bigint)) AS e(account, owner_id, amount);
--> statement-breakpoint
WITH t AS (
	INSERT INTO "ledger_transactions" ("kind", "currency", "payout_id", "created_at")
	SELECT 'payout', p."currency", p."id", p."requested_at" FROM "payouts" p
	RETURNING "id", "payout_id"
)
INSERT INTO "ledger_entries" ("transaction_id", "account", "owner_id", "amount_cents")
SELECT t."id", e.account, p."user_id", e.amount FROM t JOIN "payouts" p ON p."id" = t."payout_id"
CROSS JOIN LATERAL (VALUES ('balance', p."amount_cents"::bigint), ('payouts_in_transit', -p."amount_cents"::bigint)) AS e(account, amount);
--> statement-breakpoint
WITH t AS (
	INSERT INTO "ledger_transactions" ("kind", "currency", "payout_id", "actor_id", "created_at")
	SELECT CASE p."status" WHEN 'completed' THEN 'payout_completed' ELSE 'payout_failed' END, p."currency", p."id", p."processed_by", coalesce(p."processed_at", p."requested_at")
	FROM "payouts" p WHERE p."status" IN ('completed', 'failed')
	RETURNING "id", "payout_id", "kind"
)
INSERT INTO "ledger_entries" ("transaction_id", "account", "owner_id", "amount_cents")
SELECT t."id", e.account, e.owner_id, e.amount FROM t JOIN "payouts" p ON p."id" = t."payout_id"
CROSS JOIN LATERAL (VALUES
	('payouts_in_transit', p."user_id", p."amount_cents"::bigint),
	(CASE t."kind" WHEN 'payout_completed' THEN 'provider' ELSE 'balance' END, CASE t."kind" WHEN 'payout_completed' THEN NULL ELSE p."user_id" END, -p."amount_cents"::bigint)
) AS e(account, owner_id, amount);
--> statement-breakpoint
DROP FUNCTION "ledger_kept_part"(bigint, bigint, bigint);
