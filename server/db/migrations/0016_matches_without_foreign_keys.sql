ALTER TABLE "saved_search_matches" DROP CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk";
--> statement-breakpoint
ALTER TABLE "saved_search_matches" DROP CONSTRAINT "saved_search_matches_ad_id_ads_id_fk";
--> statement-breakpoint
-- What the cascades did, once per statement: a user's deletion removes all their ads and searches in
-- one statement each, and their matches go in one delete apiece.
CREATE FUNCTION saved_search_matches_forget_searches() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM saved_search_matches m USING gone g WHERE m.saved_search_id = g.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER saved_searches_forget_matches AFTER DELETE ON saved_searches
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION saved_search_matches_forget_searches();--> statement-breakpoint
CREATE FUNCTION saved_search_matches_forget_ads() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM saved_search_matches m USING gone g WHERE m.ad_id = g.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ads_forget_matches AFTER DELETE ON ads
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION saved_search_matches_forget_ads();
