CREATE TABLE "ad_price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"old_price" numeric(12, 2) NOT NULL,
	"new_price" numeric(12, 2) NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_drop_notices" (
	"user_id" text NOT NULL,
	"ad_id" uuid NOT NULL,
	"from_price" numeric(12, 2) NOT NULL,
	"to_price" numeric(12, 2) NOT NULL,
	"dropped_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp (3) with time zone,
	CONSTRAINT "price_drop_notices_user_id_ad_id_pk" PRIMARY KEY("user_id","ad_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "price_drop_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "price_drop_alerted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ad_price_changes" ADD CONSTRAINT "ad_price_changes_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_drop_notices" ADD CONSTRAINT "price_drop_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_drop_notices" ADD CONSTRAINT "price_drop_notices_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_price_changes_ad_idx" ON "ad_price_changes" USING btree ("ad_id","changed_at");--> statement-breakpoint
CREATE INDEX "price_drop_notices_pending_idx" ON "price_drop_notices" USING btree ("user_id") WHERE notified_at is null;--> statement-breakpoint
CREATE INDEX "price_drop_notices_ad_idx" ON "price_drop_notices" USING btree ("ad_id");