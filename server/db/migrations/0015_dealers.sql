CREATE TABLE "dealer_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"business_name" text NOT NULL,
	"cui" text NOT NULL,
	"authorisation_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	"decided_by" text,
	CONSTRAINT "dealer_applications_status_check" CHECK ("dealer_applications"."status" in ('pending', 'approved', 'refused', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "seller_dealer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "dealer_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "dealer_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_applications" ADD CONSTRAINT "dealer_applications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_applications" ADD CONSTRAINT "dealer_applications_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_applications_one_pending_idx" ON "dealer_applications" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "dealer_applications_user_idx" ON "dealer_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "dealer_applications_status_idx" ON "dealer_applications" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "ads_approved_dealer_newest_idx" ON "ads" USING btree ("created_at","id") WHERE status = 'approved' and owner_active and seller_dealer;--> statement-breakpoint
CREATE INDEX "ads_approved_dealer_price_idx" ON "ads" USING btree ("price","id") WHERE status = 'approved' and owner_active and seller_dealer;--> statement-breakpoint
-- An ad carries whether its owner is a verified dealer, so that the "only verified dealers" filter and
-- the badge on cards need no join: set when the ad is inserted, and when the profile's badge changes.
CREATE FUNCTION ads_seller_dealer(owner text) RETURNS boolean
  LANGUAGE sql STABLE
  RETURN coalesce((SELECT p.dealer_verified_at IS NOT NULL FROM profiles p WHERE p.id = owner), false);
--> statement-breakpoint
CREATE FUNCTION ads_seller_dealer_on_insert() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.seller_dealer := ads_seller_dealer(NEW.user_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ads_seller_dealer_insert BEFORE INSERT ON ads
  FOR EACH ROW EXECUTE FUNCTION ads_seller_dealer_on_insert();--> statement-breakpoint
CREATE FUNCTION ads_follow_dealer() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE ads SET seller_dealer = (NEW.dealer_verified_at IS NOT NULL)
    WHERE user_id = NEW.id AND seller_dealer IS DISTINCT FROM (NEW.dealer_verified_at IS NOT NULL);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER profiles_ads_follow_dealer AFTER UPDATE OF dealer_verified_at ON profiles
  FOR EACH ROW EXECUTE FUNCTION ads_follow_dealer();
