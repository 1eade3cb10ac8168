-- Full-text search of ads (used by the generated column ads.tsv, migration 0003).
-- SQL-standard bodies (RETURN ...) are bound when created, so the functions do not depend on the
-- search_path at run time; extensions live in public and are named so.

-- unaccent() is only STABLE (its dictionary could change); a generated column needs IMMUTABLE.
CREATE FUNCTION immutable_unaccent(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, input);
--> statement-breakpoint

-- Caliber designations as people write them, as extra lexemes: '9 mm', '9mm' and '9x19' all give
-- '9mm' (and '9x19' also '9x19'); '7,62 x 39' gives '7.62x39' and '7.62mm'; '.308 Win' gives '.308';
-- '12/76' gives '12/76'. server/ads/search.ts normalizes the query side with the same rules.
CREATE FUNCTION caliber_lexemes(source text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    WITH normalized AS (
      SELECT regexp_replace(regexp_replace(regexp_replace(
        lower(immutable_unaccent(coalesce(source, ''))),
        '(\d),(\d)', '\1.\2', 'g'),
        '(\d)\s*[x×]\s*(\d)', '\1x\2', 'g'),
        '(\d)\s+mm', '\1mm', 'g') AS s
    ), found AS (
      SELECT m[1] || 'x' || m[2] AS lexeme
        FROM normalized, regexp_matches(s, '(?:^|[^0-9.])([0-9]{1,2}(?:\.[0-9]{1,2})?)x([0-9]{2,3})', 'g') AS m
      UNION ALL
      SELECT m[1] || 'mm'
        FROM normalized, regexp_matches(s, '(?:^|[^0-9.])([0-9]{1,2}(?:\.[0-9]{1,2})?)x[0-9]{2,3}', 'g') AS m
      UNION ALL
      SELECT m[1] || 'mm'
        FROM normalized, regexp_matches(s, '(?:^|[^0-9.x])([0-9]{1,2}(?:\.[0-9]{1,2})?)mm', 'g') AS m
      UNION ALL
      SELECT '.' || m[1]
        FROM normalized, regexp_matches(s, '(?:^|[^0-9])\.([0-9]{2,3})', 'g') AS m
      UNION ALL
      SELECT m[1] || '/' || m[2]
        FROM normalized, regexp_matches(s, '(?:^|[^0-9])([0-9]{2})/([0-9]{2,3})', 'g') AS m
    )
    SELECT coalesce(array_agg(DISTINCT lexeme ORDER BY lexeme), '{}') FROM found
  );
--> statement-breakpoint

-- The searchable document: title (weight A), brand, model and caliber (B), caliber lexemes of the
-- caliber and title (B, kept verbatim), description (C); Romanian stemming over unaccented text.
CREATE FUNCTION ad_search_vector(title text, brand text, model text, caliber text, description text)
  RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('romanian'::regconfig, immutable_unaccent(coalesce(title, ''))), 'A')
    || setweight(to_tsvector('romanian'::regconfig, immutable_unaccent(
         coalesce(brand, '') || ' ' || coalesce(model, '') || ' ' || coalesce(caliber, ''))), 'B')
    || setweight(array_to_tsvector(caliber_lexemes(coalesce(caliber, '') || ' ' || coalesce(title, ''))), 'B')
    || setweight(to_tsvector('romanian'::regconfig, immutable_unaccent(coalesce(description, ''))), 'C');
