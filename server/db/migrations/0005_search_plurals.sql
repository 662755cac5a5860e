-- Portuguese plurals in -ções/-ões stem apart from their singulars ('refeições' → 'refeiçõ', 'refeição'
-- → 'refeiçã'), so a search for one missed the other. The search text now folds the plural ending
-- into the singular before stemming, on both sides of the match.
CREATE OR REPLACE FUNCTION semear_search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(semear_unaccent(lower(value)), 'oes\M', 'ao', 'g') $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "campaigns_search_idx";
--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('portuguese'::regconfig, semear_search_text(coalesce("title", ''))), 'A') ||
  setweight(to_tsvector('portuguese'::regconfig, semear_search_text(coalesce("summary", ''))), 'B') ||
  setweight(to_tsvector('portuguese'::regconfig, semear_search_text(coalesce("organiser_name", ''))), 'C') ||
  setweight(to_tsvector('portuguese'::regconfig, semear_search_text(regexp_replace(coalesce("story", ''), '<[^>]*>', ' ', 'g'))), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "campaigns_search_idx" ON "campaigns" USING gin ("search_vector");
