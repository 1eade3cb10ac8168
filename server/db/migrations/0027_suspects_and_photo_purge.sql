DROP INDEX "message_safety_risky_idx";--> statement-breakpoint
CREATE INDEX "message_safety_recent_idx" ON "message_safety" USING btree ("created_at","sender_id","receiver_id") WHERE cardinality(rules) > 0;--> statement-breakpoint
CREATE INDEX "photo_hashes_gone_idx" ON "photo_hashes" USING btree ("gone_at") WHERE gone_at is not null;