CREATE TABLE "message_safety" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"sender_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"rules" text[] DEFAULT '{}'::text[] NOT NULL,
	"new_sender_tip" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_hashes" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"ad_id" uuid,
	"hash" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"gone_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "photo_matches" (
	"ad_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"other_ad_id" uuid NOT NULL,
	"other_image_id" uuid NOT NULL,
	"other_ad_title" text NOT NULL,
	"distance" integer NOT NULL,
	"found_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_matches_ad_id_image_id_other_image_id_pk" PRIMARY KEY("ad_id","image_id","other_image_id")
);
--> statement-breakpoint
ALTER TABLE "message_safety" ADD CONSTRAINT "message_safety_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_safety" ADD CONSTRAINT "message_safety_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_safety" ADD CONSTRAINT "message_safety_receiver_id_user_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_matches" ADD CONSTRAINT "photo_matches_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_safety_risky_idx" ON "message_safety" USING btree ("created_at","sender_id") WHERE cardinality(rules) > 0;--> statement-breakpoint
CREATE INDEX "message_safety_sender_idx" ON "message_safety" USING btree ("sender_id","created_at") WHERE cardinality(rules) > 0;--> statement-breakpoint
CREATE INDEX "photo_hashes_band0_idx" ON "photo_hashes" USING btree (((hash >> 42) & 4194303)) WHERE ad_id is not null;--> statement-breakpoint
CREATE INDEX "photo_hashes_band1_idx" ON "photo_hashes" USING btree (((hash >> 21) & 2097151)) WHERE ad_id is not null;--> statement-breakpoint
CREATE INDEX "photo_hashes_band2_idx" ON "photo_hashes" USING btree ((hash & 2097151)) WHERE ad_id is not null;--> statement-breakpoint
CREATE INDEX "photo_hashes_ad_idx" ON "photo_hashes" USING btree ("ad_id");--> statement-breakpoint
-- A deleted ad's photos stay comparable for 180 days from its deletion (issue 30).
CREATE FUNCTION photo_hashes_ad_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE photo_hashes SET gone_at = now() WHERE ad_id = OLD.id AND gone_at IS NULL;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER photo_hashes_ad_gone AFTER DELETE ON ads FOR EACH ROW EXECUTE FUNCTION photo_hashes_ad_gone();--> statement-breakpoint
-- An upload no ad ever took leaves nothing to compare with: its hash goes with its row.
CREATE FUNCTION photo_hashes_unclaimed_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM photo_hashes WHERE image_id = OLD.id AND ad_id IS NULL;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER photo_hashes_unclaimed_gone AFTER DELETE ON ad_images FOR EACH ROW EXECUTE FUNCTION photo_hashes_unclaimed_gone();
