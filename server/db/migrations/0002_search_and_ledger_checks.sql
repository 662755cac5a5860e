-- Accent-insensitive Portuguese search without the unaccent extension (not every host may create
-- extensions): an IMMUTABLE translate() can feed a generated column and its GIN index.
CREATE OR REPLACE FUNCTION semear_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT translate(value,
    'áàâãäåÁÀÂÃÄÅéèêëÉÈÊËíìîïÍÌÎÏóòôõöÓÒÔÕÖúùûüÚÙÛÜçÇñÑýÿÝ',
    'aaaaaaAAAAAAeeeeEEEEiiiiIIIIoooooOOOOOuuuuUUUUcCnNyyY') $$;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('portuguese'::regconfig, semear_unaccent(coalesce("title", ''))), 'A') ||
  setweight(to_tsvector('portuguese'::regconfig, semear_unaccent(coalesce("summary", ''))), 'B') ||
  setweight(to_tsvector('portuguese'::regconfig, semear_unaccent(coalesce("organiser_name", ''))), 'C') ||
  setweight(to_tsvector('portuguese'::regconfig, semear_unaccent(regexp_replace(coalesce("story", ''), '<[^>]*>', ' ', 'g'))), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "campaigns_search_idx" ON "campaigns" USING gin ("search_vector");
--> statement-breakpoint
-- Double entry: every group's entries sum to zero, checked once per transaction at commit.
CREATE OR REPLACE FUNCTION semear_check_ledger_group_balanced() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount_cents), 0) INTO total FROM ledger_entries WHERE group_id = NEW.group_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger group % is unbalanced by % cents', NEW.group_id, total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_group_balanced"
  AFTER INSERT OR UPDATE ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION semear_check_ledger_group_balanced();
--> statement-breakpoint
-- No wallet lot ever goes below zero, whatever the code above it does.
CREATE OR REPLACE FUNCTION semear_check_wallet_lot_not_negative() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  IF NEW.lot_id IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(amount_cents), 0) INTO total FROM ledger_entries WHERE lot_id = NEW.lot_id;
  IF total < 0 THEN
    RAISE EXCEPTION 'wallet lot % would be negative (% cents)', NEW.lot_id, total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_lot_not_negative"
  AFTER INSERT OR UPDATE ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION semear_check_wallet_lot_not_negative();
--> statement-breakpoint
-- Entries are history: they are never changed or removed (a correction is a new group).
CREATE OR REPLACE FUNCTION semear_ledger_entries_append_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only' USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION semear_ledger_entries_append_only();
