-- Every ledger change of a donor's wallet tells listeners, once per wallet and transaction, at commit
-- (NOTIFY is transactional and folds identical payloads): the realtime publisher sends the new balance.
CREATE OR REPLACE FUNCTION semear_notify_wallet_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  SELECT owner_key INTO owner FROM ledger_accounts WHERE id = NEW.account_id AND kind = 'donor_wallet';
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('semear_wallet_changed', owner);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_wallet_change AFTER INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION semear_notify_wallet_change();--> statement-breakpoint
-- At most one default card per donor among the cards not removed.
CREATE UNIQUE INDEX saved_cards_one_default_per_user ON saved_cards (user_id) WHERE is_default AND deleted_at IS NULL;
