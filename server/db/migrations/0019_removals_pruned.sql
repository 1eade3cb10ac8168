CREATE TABLE "ad_removals_pruned" (
	"below" bigint NOT NULL
);
--> statement-breakpoint
-- Nothing pruned yet: every search index's horizon is at or above 0.
INSERT INTO "ad_removals_pruned" ("below") VALUES (0);
