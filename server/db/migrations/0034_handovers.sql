CREATE TABLE "dealer_services" (
	"user_id" text PRIMARY KEY NOT NULL,
	"county" text NOT NULL,
	"address" text NOT NULL,
	"inspection_fee" integer,
	"handover_fee" integer,
	"keeping_fee" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_services_fees_check" CHECK (coalesce("dealer_services"."inspection_fee", 0) >= 0 and coalesce("dealer_services"."handover_fee", 0) >= 0 and coalesce("dealer_services"."keeping_fee", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "handover_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"dealer_id" text NOT NULL,
	"requester_id" text NOT NULL,
	"service" text NOT NULL,
	"fee" integer,
	"dealer_name" text NOT NULL,
	"dealer_county" text NOT NULL,
	"dealer_address" text NOT NULL,
	"wished_date" date NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"answer_note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp (3) with time zone,
	CONSTRAINT "handover_requests_service_check" CHECK ("handover_requests"."service" in ('inspection', 'handover', 'keeping')),
	CONSTRAINT "handover_requests_status_check" CHECK ("handover_requests"."status" in ('pending', 'accepted', 'declined', 'cancelled')),
	CONSTRAINT "handover_requests_not_self_check" CHECK ("handover_requests"."dealer_id" <> "handover_requests"."requester_id")
);
--> statement-breakpoint
ALTER TABLE "dealer_services" ADD CONSTRAINT "dealer_services_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_requests" ADD CONSTRAINT "handover_requests_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_requests" ADD CONSTRAINT "handover_requests_dealer_id_user_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_requests" ADD CONSTRAINT "handover_requests_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealer_services_county_idx" ON "dealer_services" USING btree ("county") WHERE inspection_fee is not null or handover_fee is not null or keeping_fee is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_requests_one_pending_idx" ON "handover_requests" USING btree ("deal_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "handover_requests_deal_idx" ON "handover_requests" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "handover_requests_dealer_idx" ON "handover_requests" USING btree ("dealer_id","created_at");