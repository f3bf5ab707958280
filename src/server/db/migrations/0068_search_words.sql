-- The marketplace's words, each once (issue #47, decision 038): a search word is a prefix ("min" finds
-- "minimal"), and a prefix in a tsquery makes PostgreSQL recheck every row the word index finds (at a
-- million products, 90 ms for 16,000 rows instead of 17). So each search word is first looked up here,
-- in byte order, and becomes the exact words it begins (up to 50, else the prefix as before).
-- Words of products since deleted stay: they match nothing.
CREATE TABLE "product_search_words" ("word" text COLLATE "C" PRIMARY KEY);
--> statement-breakpoint
INSERT INTO "product_search_words" ("word")
  SELECT DISTINCT lexeme FROM "products", unnest(tsvector_to_array("search_vector")) AS lexeme WHERE lexeme NOT LIKE '#%'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION zerri_remember_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search_words (word)
    SELECT DISTINCT lexeme FROM added, unnest(tsvector_to_array(added.search_vector)) AS lexeme WHERE lexeme NOT LIKE '#%'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Per statement with the rows it wrote, so an import of many products looks each word up once.
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION zerri_remember_search_words();
--> statement-breakpoint
-- Renames and new descriptions (not the many updates of a product's counts, which leave its words alone).
CREATE OR REPLACE FUNCTION zerri_remember_changed_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search_words (word)
    SELECT lexeme FROM unnest(tsvector_to_array(NEW.search_vector)) AS lexeme WHERE lexeme NOT LIKE '#%'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The columns search_text is made of (a BEFORE trigger's change of it would not fire a trigger OF search_text).
CREATE TRIGGER products_search_words_update AFTER UPDATE OF name, description, tags, user_id ON products
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION zerri_remember_changed_search_words();
--> statement-breakpoint
-- A word as a quoted lexeme, within a category's scoped words (migration 0011) when one is given.
CREATE OR REPLACE FUNCTION zerri_search_lexeme(category text, word text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '''' || replace(replace(coalesce('#c:' || category || '/', '') || word, '\', '\\'), '''', '\''') || ''''
$$;
--> statement-breakpoint
-- The query of migration 0040 with each word's prefix replaced by the known words it begins, when
-- there are 1 to 50 of them (none: the prefix, which finds nothing at once; more: the prefix, rechecked).
CREATE OR REPLACE FUNCTION zerri_search_query_known(words text, category text) RETURNS tsquery
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT string_agg(
    CASE WHEN cardinality(known.words) BETWEEN 1 AND 50
      THEN '(' || array_to_string(ARRAY(SELECT zerri_search_lexeme(category, known_word) FROM unnest(known.words) AS known_word), ' | ') || ')'
      ELSE zerri_search_lexeme(category, typed) || ':*'
    END,
    ' & '
  )::tsquery
  FROM unnest(tsvector_to_array(to_tsvector('simple', words))) AS typed,
  LATERAL (
    SELECT ARRAY(
      SELECT s.word FROM product_search_words s
      WHERE s.word >= (typed COLLATE "C") AND s.word < ((typed || chr(1114111)) COLLATE "C")
      ORDER BY s.word LIMIT 51
    ) AS words
  ) AS known
$$;
