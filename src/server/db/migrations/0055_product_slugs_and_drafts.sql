-- Product addresses (decision 031): a slug unique across the platform; old slugs keep redirecting.
ALTER TABLE "products" ADD COLUMN "slug" text;--> statement-breakpoint
-- A draft has none; existing products were published when they were made.
ALTER TABLE "products" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "products" SET "published_at" = "created_at";--> statement-breakpoint
CREATE TABLE "product_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_slug_redirects" ADD CONSTRAINT "product_slug_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_slug_redirects_product_idx" ON "product_slug_redirects" USING btree ("product_id");--> statement-breakpoint
-- The app's rule (modules/products/slugs.ts), for the backfill and for rows inserted without a slug
-- (seeds, benches): the name's words in ASCII (else the category's); taken by the same store: -2,
-- -3 …; by another store: that store's storefront slug in front. The app spells more scripts in Latin.
CREATE FUNCTION zerri_product_slug(p_name text, p_category text, p_user_id text, p_id uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text;
  candidate text;
  holder text;
  store text;
  n integer;
BEGIN
  base := trim(BOTH '-' FROM regexp_replace(lower(translate(
      replace(replace(replace(replace(p_name, 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'Æ', 'ae'),
      'ÀÁÂÃÄÅàáâãäåāăąÇçćĉċčĎďĐđÈÉÊËèéêëēĕėęěĜĝğġģĤĥĦħÌÍÎÏìíîïĩīĭįıĴĵĶķĹĺļľŀŁłÑñńņňÒÓÔÕÖØòóôõöøōŏőŔŕŗřŚśŝşšŢţťŧÙÚÛÜùúûüũūŭůűųŴŵÝýÿŶŷŸŹźżŽž',
      'AAAAAAaaaaaaaaaCcccccDdDdEEEEeeeeeeeeeGggggHhHhIIIIiiiiiiiiiJjKkLllllLlNnnnnOOOOOOoooooooooRrrrSssssTtttUUUUuuuuuuuuuuWwYyyYyYZzzZz')), '[^a-z0-9]+', '-', 'g'));
  IF length(base) > 80 THEN base := regexp_replace(left(base, 81), '-[^-]*$', ''); END IF;
  IF length(base) < 2 OR base ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    base := lower(p_category) || '-product';
  END IF;
  SELECT user_id INTO holder FROM (
    SELECT user_id FROM products WHERE slug = base AND id <> p_id
    UNION ALL SELECT pr.user_id FROM product_slug_redirects r JOIN products pr ON pr.id = r.product_id WHERE r.slug = base AND r.product_id <> p_id
  ) taken LIMIT 1;
  IF NOT FOUND THEN RETURN base; END IF;
  IF holder <> p_user_id THEN
    SELECT coalesce(storefront_slug, left(p_user_id, 8)) INTO store FROM user_profiles WHERE id = p_user_id;
    base := left(coalesce(store, left(p_user_id, 8)) || '-' || base, 80);
  END IF;
  candidate := base;
  n := 1;
  WHILE EXISTS (SELECT 1 FROM products WHERE slug = candidate AND id <> p_id) OR EXISTS (SELECT 1 FROM product_slug_redirects WHERE slug = candidate AND product_id <> p_id) LOOP
    n := n + 1;
    candidate := left(base, 80 - length(n::text) - 1) || '-' || n;
  END LOOP;
  RETURN candidate;
END $$;--> statement-breakpoint
DO $$
DECLARE
  row record;
BEGIN
  FOR row IN SELECT id, user_id, name, category FROM products ORDER BY created_at, id LOOP
    UPDATE products SET slug = zerri_product_slug(row.name, row.category, row.user_id, row.id) WHERE id = row.id;
  END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION zerri_product_slug_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug IS NULL THEN NEW.slug := zerri_product_slug(NEW.name, NEW.category, NEW.user_id, NEW.id); END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_slug_default BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION zerri_product_slug_default();--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_unique" ON "products" USING btree ("slug");
