ALTER TABLE "ads" ADD COLUMN "first_approved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "two_factor_verified" boolean DEFAULT false NOT NULL;