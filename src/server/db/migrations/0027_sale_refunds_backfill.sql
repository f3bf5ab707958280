-- Partial refunds (issue #21): sales refunded before sale_refunds existed were refunded whole; each
-- gets its amount as refunded_cents and one recorded refund (the reference it was refunded with).
UPDATE "sales" SET "refunded_cents" = "amount_cents" WHERE "status" = 'refunded';--> statement-breakpoint
INSERT INTO "sale_refunds" ("sale_id", "amount_cents", "reference", "created_at")
  SELECT "id", "amount_cents", 'sale-' || "id", coalesce("refunded_at", "created_at") FROM "sales" WHERE "status" = 'refunded'
  ON CONFLICT DO NOTHING;
