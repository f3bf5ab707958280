ALTER TABLE "products" ADD COLUMN "pay_what_you_want" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "suggested_price_cents" integer;