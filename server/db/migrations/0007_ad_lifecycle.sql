ALTER TABLE "ads" DROP CONSTRAINT "ads_status_check";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "expires_at" timestamp (3) with time zone DEFAULT (now() + interval '60 days') NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "expired_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "sold_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "ads_approved_expiry_idx" ON "ads" USING btree ("expires_at") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "ads_expired_purge_idx" ON "ads" USING btree ("expired_at") WHERE status = 'expired';--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_status_check" CHECK ("ads"."status" in ('pending', 'approved', 'needs_changes', 'rejected', 'expired', 'sold'));