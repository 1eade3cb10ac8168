CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"ad_id" uuid NOT NULL,
	"matched_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp (3) with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_ad_id_pk" PRIMARY KEY("saved_search_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"frequency" text DEFAULT 'instant' NOT NULL,
	"last_opened_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"owner_active" boolean DEFAULT true NOT NULL,
	"alerted_at" timestamp (3) with time zone,
	"category_key" text DEFAULT '*' NOT NULL,
	"county_key" text DEFAULT '*' NOT NULL,
	"caliber_key" text DEFAULT '*' NOT NULL,
	"brand_key" text DEFAULT '*' NOT NULL,
	"action_key" text DEFAULT '*' NOT NULL,
	"condition" text,
	"legal" text,
	"price_min" numeric(12, 2),
	"price_max" numeric(12, 2),
	"tsq" "tsquery",
	"text_keys" text[],
	"search_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" in ('instant', 'daily', 'off'))
);
--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_ad_idx" ON "saved_search_matches" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "saved_search_matches_pending_idx" ON "saved_search_matches" USING btree ("saved_search_id") WHERE notified_at is null;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_match_idx" ON "saved_searches" USING btree ("category_key","county_key","caliber_key","brand_key","action_key") WHERE text_keys is null and owner_active;--> statement-breakpoint
CREATE INDEX "saved_searches_text_keys_idx" ON "saved_searches" USING gin ("text_keys") WITH (fastupdate=off) WHERE text_keys is not null and owner_active;--> statement-breakpoint
-- A saved search follows its owner's profile (as ads do, migration 0007): set when it is inserted,
-- and when the profile is (de)activated, so matching needs no join to leave deactivated users out.
CREATE FUNCTION saved_searches_owner_active_on_insert() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.owner_active := ads_owner_active(NEW.user_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER saved_searches_owner_active_insert BEFORE INSERT ON saved_searches
  FOR EACH ROW EXECUTE FUNCTION saved_searches_owner_active_on_insert();--> statement-breakpoint
CREATE FUNCTION saved_searches_follow_owner() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE saved_searches SET owner_active = NEW.is_active
    WHERE user_id = NEW.id AND owner_active IS DISTINCT FROM NEW.is_active;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER profiles_saved_searches_follow AFTER UPDATE OF is_active ON profiles
  FOR EACH ROW EXECUTE FUNCTION saved_searches_follow_owner();
