-- The creator's Analytics (issue #46): product views count people (a visitor id or account), with how
-- many one network adds bounded, and record where the visitor came from and their country.
ALTER TABLE "product_views" ADD COLUMN "network" text;
--> statement-breakpoint
ALTER TABLE "product_views" ADD COLUMN "referrer_domain" text;
--> statement-breakpoint
ALTER TABLE "product_views" ADD COLUMN "country" text;
--> statement-breakpoint
CREATE INDEX "product_views_product_day_idx" ON "product_views" USING btree ("product_id","day","network") INCLUDE ("source","referrer_domain","country");
--> statement-breakpoint
-- Analytics sums a creator's ledger movements of a range: their entries are read from the index alone.
-- The migrations run in one transaction: when 0058 has just posted the ledger from older rows, its
-- balance checks (deferred to the commit) are still pending, and PostgreSQL builds no index on a table
-- with pending trigger events. Run them now (they pass, or the upgrade stops here as it would at the commit).
SET CONSTRAINTS "ledger_entries_balance" IMMEDIATE;
--> statement-breakpoint
DROP INDEX "ledger_entries_transaction_idx";
--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id") INCLUDE ("account","owner_id","amount_cents");
--> statement-breakpoint
-- Deferred again for the migrations after this one, as every other transaction has it.
SET CONSTRAINTS "ledger_entries_balance" DEFERRED;
--> statement-breakpoint
-- A creator's figures of a closed day (modules/analytics), forgotten when a row of that day is written late.
CREATE TABLE "analytics_day_cache" (
	"creator_id" text NOT NULL,
	"day" date NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "analytics_day_cache_pk" PRIMARY KEY("creator_id","day")
);
--> statement-breakpoint
ALTER TABLE "analytics_day_cache" ADD CONSTRAINT "analytics_day_cache_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The sum of a range's closed days (modules/analytics summaryOf), forgotten with any of its days.
CREATE TABLE "analytics_span_cache" (
	"creator_id" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"summary" jsonb NOT NULL,
	CONSTRAINT "analytics_span_cache_pk" PRIMARY KEY("creator_id","from_day","to_day")
);
--> statement-breakpoint
ALTER TABLE "analytics_span_cache" ADD CONSTRAINT "analytics_span_cache_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION "analytics_forget_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME IN ('products', 'short_links') THEN
		DELETE FROM analytics_day_cache c USING (SELECT DISTINCT user_id FROM changed) x WHERE c.creator_id = x.user_id;
		DELETE FROM analytics_span_cache c USING (SELECT DISTINCT user_id FROM changed) x WHERE c.creator_id = x.user_id;
	ELSE
		DELETE FROM analytics_day_cache c
		USING (SELECT DISTINCT creator_id, (created_at AT TIME ZONE 'UTC')::date AS day FROM changed WHERE creator_id IS NOT NULL) x
		WHERE c.creator_id = x.creator_id AND c.day = x.day;
		DELETE FROM analytics_span_cache c
		USING (SELECT DISTINCT creator_id, (created_at AT TIME ZONE 'UTC')::date AS day FROM changed WHERE creator_id IS NOT NULL) x
		WHERE c.creator_id = x.creator_id AND x.day BETWEEN c.from_day AND c.to_day;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "analytics_forget_sales" AFTER INSERT ON "sales" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "analytics_forget_days"();
--> statement-breakpoint
CREATE TRIGGER "analytics_forget_ledger" AFTER INSERT ON "ledger_transactions" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "analytics_forget_days"();
--> statement-breakpoint
CREATE TRIGGER "analytics_forget_products" AFTER DELETE ON "products" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "analytics_forget_days"();
--> statement-breakpoint
CREATE TRIGGER "analytics_forget_links" AFTER DELETE ON "short_links" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "analytics_forget_days"();
