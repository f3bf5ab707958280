-- Search words scoped to their product's category: every word also enters the vector as
-- '#c:{Category}/{word}', so "words in a category" is one prefix scan over that category's few
-- postings instead of intersecting each word's marketplace-wide postings with the category's.
-- (No search word can reach these lexemes: words are letters and digits.) The tags stay as written.
CREATE OR REPLACE FUNCTION zerri_category_words(words tsvector, category text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg('#c:' || category || '/' || word), '{}') FROM unnest(tsvector_to_array(words)) AS word
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS products_search_vector_idx;
--> statement-breakpoint
ALTER TABLE products DROP COLUMN search_vector;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', search_text)
  || array_to_tsvector(zerri_category_words(to_tsvector('simple', search_text), category) || tags)
) STORED;
--> statement-breakpoint
CREATE INDEX products_search_vector_idx ON products USING gin (search_vector);
