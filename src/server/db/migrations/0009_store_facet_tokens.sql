-- The category and the tags join the words in the search vector, as lexemes no search word can
-- reach (words are letters and digits; these start with '#c:' or are the tags as written), so one
-- GIN scan answers "words + category + tags" instead of intersecting three index bitmaps.
DROP INDEX IF EXISTS products_search_vector_idx;
--> statement-breakpoint
ALTER TABLE products DROP COLUMN search_vector;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', search_text) || array_to_tsvector(array_prepend('#c:' || category, tags))
) STORED;
--> statement-breakpoint
CREATE INDEX products_search_vector_idx ON products USING gin (search_vector);
