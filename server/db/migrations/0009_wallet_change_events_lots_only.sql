-- Every donor-wallet entry names its lot (credit goes into one, spending comes out of one), and no
-- other entry does: the trigger runs only for those, so a card donation's entries (clearing account →
-- campaign) pay nothing for the realtime announcement.
DROP TRIGGER IF EXISTS ledger_entries_wallet_change ON ledger_entries;--> statement-breakpoint
CREATE OR REPLACE FUNCTION semear_notify_wallet_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('semear_wallet_changed', (SELECT user_id::text FROM wallet_lots WHERE id = NEW.lot_id));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_wallet_change AFTER INSERT ON ledger_entries FOR EACH ROW WHEN (NEW.lot_id IS NOT NULL) EXECUTE FUNCTION semear_notify_wallet_change();
