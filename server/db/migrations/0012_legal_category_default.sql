-- An ad written without a legal category (the demo and synthetic seeds, test factories: every path
-- but the API, which always sets one) gets the usual one for its category, so the NOT NULL and the
-- check constraints hold without each writer knowing about it.
CREATE FUNCTION ads_legal_category_default() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.legal_category IS NULL THEN
    NEW.legal_category := CASE WHEN NEW.category IN ('firearms', 'long-guns') THEN 'authorisation' ELSE 'not-a-weapon' END;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint

CREATE TRIGGER ads_legal_category_default BEFORE INSERT ON ads
  FOR EACH ROW EXECUTE FUNCTION ads_legal_category_default();
