CREATE TABLE "ad_removals" (
	"ad_id" uuid NOT NULL,
	"xid" bigint NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "search_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ad_removals_xid_idx" ON "ad_removals" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "ads_search_xid_idx" ON "ads" USING btree ("search_xid");--> statement-breakpoint
-- Every write of an ad records its transaction, and every deletion leaves a row: the in-memory search
-- index (server/ads/search-index/) reads what transactions that were still running at its last
-- snapshot wrote, and so misses no commit, whatever order transactions commit in.
CREATE FUNCTION ads_record_search_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_xid := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ads_record_search_xid BEFORE INSERT OR UPDATE ON ads
  FOR EACH ROW EXECUTE FUNCTION ads_record_search_xid();
--> statement-breakpoint
CREATE FUNCTION ads_record_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ad_removals (ad_id, xid) VALUES (OLD.id, pg_current_xact_id()::text::bigint);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER ads_record_removal AFTER DELETE ON ads
  FOR EACH ROW EXECUTE FUNCTION ads_record_removal();
