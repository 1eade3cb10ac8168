CREATE TABLE "buyer_attestations" (
	"ad_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"version" text NOT NULL,
	"client_ip" text NOT NULL,
	"attested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_attestations_ad_id_user_id_pk" PRIMARY KEY("ad_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "buyer_attestations" ADD CONSTRAINT "buyer_attestations_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_attestations" ADD CONSTRAINT "buyer_attestations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;