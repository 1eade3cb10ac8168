CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid,
	"ad_title" text NOT NULL,
	"seller_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"offer_id" uuid,
	"price" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	"denied_at" timestamp (3) with time zone,
	CONSTRAINT "deals_price_check" CHECK ("deals"."price" > 0),
	CONSTRAINT "deals_two_sides_check" CHECK ("deals"."seller_id" <> "deals"."buyer_id"),
	CONSTRAINT "deals_one_answer_check" CHECK ("deals"."confirmed_at" is null or "deals"."denied_at" is null)
);
--> statement-breakpoint
CREATE TABLE "offer_steps" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer,
	CONSTRAINT "offer_steps_kind_check" CHECK ("offer_steps"."kind" in ('made', 'countered', 'accepted', 'declined', 'expired', 'released', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"amount" integer NOT NULL,
	"counter_amount" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('pending', 'countered', 'accepted', 'declined', 'expired', 'released')),
	CONSTRAINT "offers_amount_check" CHECK ("offers"."amount" > 0 and ("offers"."counter_amount" is null or "offers"."counter_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "rating_summaries" (
	"user_id" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"rater_id" text NOT NULL,
	"rated_id" text NOT NULL,
	"rated_role" text NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp (3) with time zone,
	"reply" text,
	"replied_at" timestamp (3) with time zone,
	"hidden_at" timestamp (3) with time zone,
	"hidden_reason" text,
	CONSTRAINT "ratings_stars_check" CHECK ("ratings"."stars" between 1 and 5),
	CONSTRAINT "ratings_not_self_check" CHECK ("ratings"."rater_id" <> "ratings"."rated_id"),
	CONSTRAINT "ratings_role_check" CHECK ("ratings"."rated_role" in ('seller', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "trust_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"deal_id" uuid,
	"rating_id" uuid,
	"reporter_id" text,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_reports_kind_check" CHECK ("trust_reports"."kind" in ('deal_denied', 'rating')),
	CONSTRAINT "trust_reports_status_check" CHECK ("trust_reports"."status" in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "trust_reports_target_check" CHECK (("trust_reports"."kind" = 'deal_denied' and "trust_reports"."deal_id" is not null) or ("trust_reports"."kind" = 'rating' and "trust_reports"."rating_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "reserved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_steps" ADD CONSTRAINT "offer_steps_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_steps" ADD CONSTRAINT "offer_steps_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_summaries" ADD CONSTRAINT "rating_summaries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_user_id_fk" FOREIGN KEY ("rater_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rated_id_user_id_fk" FOREIGN KEY ("rated_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_reports" ADD CONSTRAINT "trust_reports_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_reports" ADD CONSTRAINT "trust_reports_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_reports" ADD CONSTRAINT "trust_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_reports" ADD CONSTRAINT "trust_reports_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deals_ad_idx" ON "deals" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "deals_buyer_idx" ON "deals" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_seller_idx" ON "deals" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_created_idx" ON "deals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offer_steps_offer_idx" ON "offer_steps" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_buyer_idx" ON "offers" USING btree ("ad_id","buyer_id") WHERE status in ('pending', 'countered');--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_accepted_per_ad_idx" ON "offers" USING btree ("ad_id") WHERE status = 'accepted';--> statement-breakpoint
CREATE INDEX "offers_open_expiry_idx" ON "offers" USING btree ("expires_at") WHERE status in ('pending', 'countered');--> statement-breakpoint
CREATE INDEX "offers_conversation_idx" ON "offers" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_deal_rater_idx" ON "ratings" USING btree ("deal_id","rater_id");--> statement-breakpoint
CREATE INDEX "ratings_rated_idx" ON "ratings" USING btree ("rated_id","created_at");--> statement-breakpoint
CREATE INDEX "ratings_unrevealed_idx" ON "ratings" USING btree ("created_at") WHERE revealed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "trust_reports_one_open_per_reporter_idx" ON "trust_reports" USING btree ("rating_id","reporter_id") WHERE status = 'open' and rating_id is not null;--> statement-breakpoint
CREATE INDEX "trust_reports_status_idx" ON "trust_reports" USING btree ("status","created_at");