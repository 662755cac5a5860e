-- Every commit that changes what the public reads (a campaign's page, the lists and search, categories,
-- tags, the platform totals) tells listeners at commit, on 'semear_public_changed' (docs/campaigns.md,
-- "Public reads from memory"): each API node drops its cached answers. The payload is a campaign's id
-- (that campaign's answers and every list), '' (every list and the totals) or '*' (everything).
-- NOTIFY folds identical payloads within a transaction, so a donation's many rows send one message.
CREATE OR REPLACE FUNCTION semear_notify_public_change(scope text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('semear_public_changed', scope);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION semear_campaign_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM semear_notify_public_change(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER campaigns_public_change AFTER INSERT OR UPDATE OR DELETE ON campaigns FOR EACH ROW EXECUTE FUNCTION semear_campaign_changed();--> statement-breakpoint
-- Only confirmed donations count (figures, donors, messages); a pending one changes nothing public.
CREATE OR REPLACE FUNCTION semear_donation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM semear_notify_public_change(OLD.campaign_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM semear_notify_public_change(NEW.campaign_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER donations_public_insert AFTER INSERT ON donations FOR EACH ROW WHEN (NEW.status = 'confirmed') EXECUTE FUNCTION semear_donation_changed();--> statement-breakpoint
CREATE TRIGGER donations_public_update AFTER UPDATE ON donations FOR EACH ROW WHEN (OLD.status = 'confirmed' OR NEW.status = 'confirmed') EXECUTE FUNCTION semear_donation_changed();--> statement-breakpoint
CREATE TRIGGER donations_public_delete AFTER DELETE ON donations FOR EACH ROW WHEN (OLD.status = 'confirmed') EXECUTE FUNCTION semear_donation_changed();--> statement-breakpoint
-- Money raised: a campaign's account (its page and the lists) or the general fund (the totals).
CREATE OR REPLACE FUNCTION semear_ledger_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account record;
BEGIN
  SELECT kind, owner_key INTO account FROM ledger_accounts WHERE id = NEW.account_id;
  IF account.kind = 'campaign' THEN
    PERFORM semear_notify_public_change(account.owner_key);
  ELSIF account.kind = 'general_fund' THEN
    PERFORM semear_notify_public_change('');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_public_change AFTER INSERT ON ledger_entries FOR EACH ROW WHEN (NEW.lot_id IS NULL) EXECUTE FUNCTION semear_ledger_public_change();--> statement-breakpoint
-- Names, translations and links shared by many campaigns: everything is dropped.
CREATE OR REPLACE FUNCTION semear_taxonomy_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM semear_notify_public_change('*');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER categories_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION semear_taxonomy_changed();--> statement-breakpoint
CREATE TRIGGER tags_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tags FOR EACH STATEMENT EXECUTE FUNCTION semear_taxonomy_changed();--> statement-breakpoint
CREATE TRIGGER campaign_tags_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON campaign_tags FOR EACH STATEMENT EXECUTE FUNCTION semear_taxonomy_changed();--> statement-breakpoint
CREATE TRIGGER campaign_slug_redirects_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON campaign_slug_redirects FOR EACH STATEMENT EXECUTE FUNCTION semear_taxonomy_changed();
