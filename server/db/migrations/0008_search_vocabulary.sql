-- Typo correction: trigram similarity over the words of listed ads (extension in public, as unaccent).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"word" text PRIMARY KEY NOT NULL,
	"ads" integer NOT NULL,
	"kind" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("word" public.gin_trgm_ops);