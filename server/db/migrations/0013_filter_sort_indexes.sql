DROP INDEX "ads_approved_action_idx";--> statement-breakpoint
CREATE INDEX "ads_approved_county_price_idx" ON "ads" USING btree ("county","price","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_caliber_price_idx" ON "ads" USING btree ("caliber_id","price","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_brand_price_idx" ON "ads" USING btree ("brand","price","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_action_newest_idx" ON "ads" USING btree ("action","created_at","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_action_price_idx" ON "ads" USING btree ("action","price","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_legal_newest_idx" ON "ads" USING btree ("legal_category","created_at","id") WHERE status = 'approved' and owner_active;--> statement-breakpoint
CREATE INDEX "ads_approved_legal_price_idx" ON "ads" USING btree ("legal_category","price","id") WHERE status = 'approved' and owner_active;