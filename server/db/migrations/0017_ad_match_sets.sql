CREATE TABLE "ad_match_sets" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"search_ids" uuid[] NOT NULL,
	"matched_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Random ids do not compress: store the array out of line without trying.
ALTER TABLE "ad_match_sets" ALTER COLUMN "search_ids" SET STORAGE EXTERNAL;
