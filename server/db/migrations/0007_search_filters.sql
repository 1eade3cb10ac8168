-- Search filters (county, canonical caliber, action as a value set), the search document's
-- additions made by the application (server/ads/search-document.ts: stemmed words and verbatim
-- tokens), and owner_active, so that the public lists' partial indexes hold exactly the listed
-- ads (approved, owner active) and counting or walking them needs neither a join nor the heap.
-- Existing ads get their county, caliber and additions from the application at start
-- (search_version 0 = not made yet).
DROP INDEX "ads_approved_newest_idx";--> statement-breakpoint
DROP INDEX "ads_approved_price_idx";--> statement-breakpoint
DROP INDEX "ads_approved_category_newest_idx";--> statement-breakpoint
DROP INDEX "ads_approved_category_price_idx";--> statement-breakpoint
DROP INDEX "ads_approved_tsv_idx";--> statement-breakpoint
ALTER TABLE "ads" DROP COLUMN "tsv";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "county" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "caliber_id" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "search_words" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "search_tokens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "search_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "owner_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "ads" SET "owner_active" = false WHERE NOT ads_owner_active("user_id");--> statement-breakpoint
-- An ad follows its owner's profile: set when it is inserted, and when the profile is (de)activated.
CREATE FUNCTION ads_owner_active_on_insert() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.owner_active := ads_owner_active(NEW.user_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ads_owner_active_insert BEFORE INSERT ON ads
  FOR EACH ROW EXECUTE FUNCTION ads_owner_active_on_insert();--> statement-breakpoint
CREATE FUNCTION ads_follow_owner() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE ads SET owner_active = NEW.is_active
    WHERE user_id = NEW.id AND owner_active IS DISTINCT FROM NEW.is_active;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER profiles_ads_follow AFTER INSERT OR UPDATE OF is_active ON profiles
  FOR EACH ROW EXECUTE FUNCTION ads_follow_owner();--> statement-breakpoint
CREATE FUNCTION ad_search_vector(title text, brand text, model text, caliber text, description text,
    search_words text, search_tokens text[])
  RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('romanian'::regconfig, immutable_unaccent(coalesce(title, ''))), 'A')
    || setweight(to_tsvector('romanian'::regconfig, immutable_unaccent(
         coalesce(brand, '') || ' ' || coalesce(model, '') || ' ' || coalesce(caliber, ''))), 'B')
    || setweight(array_to_tsvector(caliber_lexemes(coalesce(caliber, '') || ' ' || coalesce(title, ''))), 'B')
    || setweight(to_tsvector('romanian'::regconfig, immutable_unaccent(coalesce(search_words, ''))), 'B')
    || setweight(array_to_tsvector(coalesce(search_tokens, '{}')), 'B')
    || setweight(to_tsvector('romanian'::regconfig, immutable_unaccent(coalesce(description, ''))), 'C');--> statement-breakpoint
DROP FUNCTION ad_search_vector(text, text, text, text, text);--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "tsv" "tsvector" GENERATED ALWAYS AS (ad_search_vector(title, brand, model, caliber, description, search_words, search_tokens)) STORED NOT NULL;--> statement-breakpoint
UPDATE "ads" SET "action" = CASE lower("action")
    WHEN 'semiautomat' THEN 'semi-auto' WHEN 'semiautomata' THEN 'semi-auto' WHEN 'semi-auto' THEN 'semi-auto'
    WHEN 'bolt-action' THEN 'bolt' WHEN 'bolt' THEN 'bolt'
    WHEN 'pump-action' THEN 'pump' WHEN 'pump' THEN 'pump'
    WHEN 'supraetajată' THEN 'over-under' WHEN 'supraetajata' THEN 'over-under'
    WHEN 'juxtapusă' THEN 'side-by-side' WHEN 'juxtapusa' THEN 'side-by-side'
    WHEN 'revolver' THEN 'revolver' WHEN 'lever-action' THEN 'lever'
    ELSE NULL END
  WHERE "action" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ads_approved_newest_idx" ON "ads" USING btree ("created_at","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_price_idx" ON "ads" USING btree ("price","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_category_newest_idx" ON "ads" USING btree ("category","created_at","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_category_price_idx" ON "ads" USING btree ("category","price","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_tsv_idx" ON "ads" USING gin ("tsv") WITH (fastupdate=off) WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_county_newest_idx" ON "ads" USING btree ("county","created_at","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_caliber_newest_idx" ON "ads" USING btree ("caliber_id","created_at","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_brand_newest_idx" ON "ads" USING btree ("brand","created_at","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_action_idx" ON "ads" USING btree ("action") WHERE status = 'approved' and owner_active;
