-- Marketplace search: one lowercased text per product (name, description, tags, creator name),
-- and its full-text vector with a GIN index, so word-prefix queries stay fast at 100,000 products.
CREATE OR REPLACE FUNCTION zerri_product_search_text(p_name text, p_description text, p_tags text[], p_user_id text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ', p_name, p_description, array_to_string(p_tags, ' '),
    (SELECT name FROM user_profiles WHERE id = p_user_id)))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION zerri_products_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := zerri_product_search_text(NEW.name, NEW.description, NEW.tags, NEW.user_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF name, description, tags, user_id ON products
FOR EACH ROW EXECUTE FUNCTION zerri_products_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION zerri_profile_name_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_text = zerri_product_search_text(name, description, tags, user_id) WHERE user_id = NEW.id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_profiles_name_search AFTER UPDATE OF name ON user_profiles
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION zerri_profile_name_changed();
--> statement-breakpoint
ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED;
--> statement-breakpoint
CREATE INDEX products_search_vector_idx ON products USING gin (search_vector);
