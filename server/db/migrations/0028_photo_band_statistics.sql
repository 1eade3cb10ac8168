DROP INDEX "photo_hashes_band0_idx";--> statement-breakpoint
DROP INDEX "photo_hashes_band1_idx";--> statement-breakpoint
DROP INDEX "photo_hashes_band2_idx";--> statement-breakpoint
CREATE INDEX "photo_hashes_band0_idx" ON "photo_hashes" USING btree (((hash >> 42) & 4194303));--> statement-breakpoint
CREATE INDEX "photo_hashes_band1_idx" ON "photo_hashes" USING btree (((hash >> 21) & 2097151));--> statement-breakpoint
CREATE INDEX "photo_hashes_band2_idx" ON "photo_hashes" USING btree ((hash & 2097151));