-- The marketplace's search words become lexemes through PostgreSQL's own parser, as the products'
-- words did: it reads "2e3c4d" as the number '2e3' and the word 'c4d', so a query that kept
-- '2e3c4d' whole never matched the product named so. Each lexeme is a prefix ("vec ico" finds
-- "vector icons"); with a category, the category's scoped lexemes of migration 0011. IMMUTABLE, so
-- the planner works the query out before planning and still estimates it from the index's statistics.
CREATE OR REPLACE FUNCTION zerri_search_query(words text, category text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(
    '''' || replace(replace(coalesce('#c:' || category || '/', '') || word, '\', '\\'), '''', '\''') || ''':*',
    ' & '
  )::tsquery
  FROM unnest(tsvector_to_array(to_tsvector('simple', words))) AS word
$$;
