CREATE TABLE "ad_counts" (
	"category" text NOT NULL,
	"condition" text NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_counts_category_condition_pk" PRIMARY KEY("category","condition")
);
--> statement-breakpoint
CREATE TABLE "ad_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"storage_key" text NOT NULL,
	"ad_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"subcategory" text,
	"condition" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"brand" text,
	"model" text,
	"caliber" text,
	"action" text,
	"barrel_length" integer,
	"capacity" integer,
	"location" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"moderation_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (ad_search_vector(title, brand, model, caliber, description)) STORED NOT NULL,
	CONSTRAINT "ads_status_check" CHECK ("ads"."status" in ('pending', 'approved', 'needs_changes', 'rejected', 'expired')),
	CONSTRAINT "ads_category_check" CHECK ("ads"."category" in ('firearms', 'long-guns', 'accessories', 'optics')),
	CONSTRAINT "ads_condition_check" CHECK ("ads"."condition" in ('new', 'like-new', 'good', 'fair')),
	CONSTRAINT "ads_price_check" CHECK ("ads"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ad_images" ADD CONSTRAINT "ad_images_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_images" ADD CONSTRAINT "ad_images_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_images_ad_position_idx" ON "ad_images" USING btree ("ad_id","position");--> statement-breakpoint
CREATE INDEX "ad_images_user_idx" ON "ad_images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ad_images_unclaimed_idx" ON "ad_images" USING btree ("created_at") WHERE ad_id is null;--> statement-breakpoint
CREATE INDEX "ads_approved_newest_idx" ON "ads" USING btree ("created_at","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "ads_approved_price_idx" ON "ads" USING btree ("price","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "ads_approved_category_newest_idx" ON "ads" USING btree ("category","created_at","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "ads_approved_category_price_idx" ON "ads" USING btree ("category","price","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "ads_approved_tsv_idx" ON "ads" USING gin ("tsv") WITH (fastupdate=off) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "ads_user_created_idx" ON "ads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ads_review_queue_idx" ON "ads" USING btree ("created_at") WHERE status in ('pending', 'needs_changes');