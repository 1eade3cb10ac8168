-- Issue 32, item 1: the words of an ad join the typo vocabulary in the transaction that lists it, so a
-- word approved a minute ago is corrected to at once. The hourly rebuild (server/ads/search-vocabulary.ts)
-- only corrects the counts and drops the words no listed ad uses any more.
-- What an ad's words are, once for the triggers and the rebuild: brand (kind 0), model (1) and title (2),
-- unaccented, lower case, split on anything but letters and digits, 3 characters or more with a letter.
CREATE FUNCTION search_vocabulary_words(brand text, model text, title text)
  RETURNS TABLE (word text, kind int)
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT w.word, w.kind FROM (
    SELECT regexp_split_to_table(lower(immutable_unaccent(coalesce(brand, ''))), '[^a-z0-9]+') AS word, 0 AS kind
    UNION ALL
    SELECT regexp_split_to_table(lower(immutable_unaccent(coalesce(model, ''))), '[^a-z0-9]+'), 1
    UNION ALL
    SELECT regexp_split_to_table(lower(immutable_unaccent(coalesce(title, ''))), '[^a-z0-9]+'), 2
  ) w
  WHERE length(w.word) >= 3 AND w.word ~ '[a-z]'
$$;--> statement-breakpoint
-- In word order, so that two transactions listing ads with the same new words take their locks in the
-- same order. A new word counts the ads of its statement; a known word's count waits for the rebuild
-- (no hot row for "glock" on every approval).
CREATE FUNCTION search_vocabulary_add_ads() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_vocabulary (word, ads, kind)
  SELECT v.word, count(DISTINCT a.id)::int, min(v.kind)
  FROM listed_ads a, LATERAL search_vocabulary_words(a.brand, a.model, a.title) v
  WHERE a.status = 'approved' AND a.owner_active
  GROUP BY v.word
  ORDER BY v.word
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Inserts a statement at a time (a seed of a million ads is a few big statements, not a million calls).
CREATE TRIGGER ads_vocabulary_insert AFTER INSERT ON ads
  REFERENCING NEW TABLE AS listed_ads
  FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_add_ads();--> statement-breakpoint
-- Updates: PostgreSQL allows no transition table on a trigger with a column list, and without one every
-- update of an ad (its counters) would pay. The update trigger runs per row, and only for an ad that is
-- listed now and was not, or whose words changed.
CREATE FUNCTION search_vocabulary_add_ad() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_vocabulary (word, ads, kind)
  SELECT v.word, 1, min(v.kind)
  FROM search_vocabulary_words(NEW.brand, NEW.model, NEW.title) v
  GROUP BY v.word
  ORDER BY v.word
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ads_vocabulary_update AFTER UPDATE OF status, owner_active, title, brand, model ON ads
  FOR EACH ROW
  WHEN (NEW.status = 'approved' AND NEW.owner_active AND (
    OLD.status IS DISTINCT FROM 'approved' OR NOT OLD.owner_active
    OR OLD.title IS DISTINCT FROM NEW.title OR OLD.brand IS DISTINCT FROM NEW.brand
    OR OLD.model IS DISTINCT FROM NEW.model))
  EXECUTE FUNCTION search_vocabulary_add_ad();
