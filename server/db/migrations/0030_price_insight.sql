-- Issue 28, price insight: how comparables match a brand and a model. Accents, case, spaces and
-- punctuation make no difference ("G17", "g-17", "G 17", "Glock" and "GLOCK" are one); an empty key
-- is no key. Kept as generated columns so that every write path, seeds and tests included, has them.
CREATE FUNCTION ad_match_key(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN nullif(regexp_replace(lower(immutable_unaccent(input)), '[^a-z0-9]+', '', 'g'), '');
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "brand_key" text GENERATED ALWAYS AS (ad_match_key(brand)) STORED;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "model_key" text GENERATED ALWAYS AS (ad_match_key(model)) STORED;--> statement-breakpoint
CREATE INDEX "ads_price_insight_idx" ON "ads" USING btree ("brand_key","model_key","caliber_id","first_approved_at","price","status","id") WHERE status in ('approved', 'sold', 'expired') and brand_key is not null and model_key is not null;