CREATE TABLE "ad_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"version" text NOT NULL,
	"client_ip" text NOT NULL,
	"declared_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ads" DROP CONSTRAINT "ads_status_check";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "expires_at" timestamp (3) with time zone DEFAULT (now() + interval '60 days') NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "expired_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "sold_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "legal_category" text;--> statement-breakpoint
-- Ads posted before the legal category existed: weapons are taken as subject to authorisation (the
-- usual case, category B), which their owners can correct by editing; the rest are no weapon.
UPDATE "ads" SET "legal_category" = CASE WHEN "category" IN ('firearms', 'long-guns') THEN 'authorisation' ELSE 'not-a-weapon' END;--> statement-breakpoint
ALTER TABLE "ads" ALTER COLUMN "legal_category" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_declarations" ADD CONSTRAINT "ad_declarations_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_declarations" ADD CONSTRAINT "ad_declarations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_declarations_ad_idx" ON "ad_declarations" USING btree ("ad_id","declared_at");--> statement-breakpoint
CREATE INDEX "ads_approved_expiry_idx" ON "ads" USING btree ("expires_at") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_expired_purge_idx" ON "ads" USING btree ("expired_at") WHERE status = 'expired';--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_legal_category_check" CHECK ("ads"."legal_category" in ('authorisation', 'declaration', 'non-lethal', 'not-a-weapon'));--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_legal_category_fits_check" CHECK (("ads"."category" in ('firearms', 'long-guns')) = ("ads"."legal_category" <> 'not-a-weapon'));--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_status_check" CHECK ("ads"."status" in ('pending', 'approved', 'needs_changes', 'rejected', 'expired', 'sold'));