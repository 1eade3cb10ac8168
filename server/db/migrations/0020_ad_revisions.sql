CREATE TABLE "ad_revisions" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"image_ids" uuid[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"moderation_reason" text,
	"submitted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_revisions_status_check" CHECK ("ad_revisions"."status" in ('pending', 'needs_changes'))
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "published_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ad_revisions" ADD CONSTRAINT "ad_revisions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_revisions_queue_idx" ON "ad_revisions" USING btree ("status","submitted_at");--> statement-breakpoint
-- Ads that are or were public: published when last approved (the audit trail), else when created.
UPDATE "ads" SET "published_at" = coalesce(
	(SELECT max(m."created_at") FROM "moderation_actions" m
	 WHERE m."target_type" = 'ad' AND m."target_id" = "ads"."id"::text AND m."action" = 'ad.approve'),
	"ads"."created_at")
WHERE "ads"."status" IN ('approved', 'sold', 'expired');
