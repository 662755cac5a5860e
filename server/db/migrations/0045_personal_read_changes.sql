-- A signed-in person's own reads (their profile, their notifications) are kept in each API node's memory
-- (docs/auth-and-profile.md, "Signed-in reads from memory"), and their sessions' and account's status too:
-- every commit that changes one tells listeners on the public reads' channel, 'semear_public_changed', with
-- 'user:<id>' (that person's answers and status), 'user:*' (a role's or permission's name, shown in every
-- profile) or 'session:<id>' (a session ended: refused at once on every node). Triggers rather than the
-- code that writes, so jobs, scripts and other nodes count too. NOTIFY folds identical payloads within a
-- transaction, so a batch of one person's notifications sends one message.
CREATE OR REPLACE FUNCTION semear_user_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('semear_public_changed', 'user:' || OLD.id::text);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id THEN
    PERFORM pg_notify('semear_public_changed', 'user:' || NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_personal_change AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION semear_user_row_changed();--> statement-breakpoint
-- Rows that belong to one person through their user_id: grants and notifications.
CREATE OR REPLACE FUNCTION semear_owned_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('semear_public_changed', 'user:' || OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('semear_public_changed', 'user:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER user_roles_personal_change AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION semear_owned_row_changed();--> statement-breakpoint
CREATE TRIGGER user_permissions_personal_change AFTER INSERT OR UPDATE OR DELETE ON user_permissions FOR EACH ROW EXECUTE FUNCTION semear_owned_row_changed();--> statement-breakpoint
CREATE TRIGGER notifications_personal_change AFTER INSERT OR UPDATE OR DELETE ON notifications FOR EACH ROW EXECUTE FUNCTION semear_owned_row_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION semear_grant_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('semear_public_changed', 'user:*');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER roles_personal_change AFTER UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION semear_grant_names_changed();--> statement-breakpoint
CREATE TRIGGER permissions_personal_change AFTER UPDATE OR DELETE OR TRUNCATE ON permissions FOR EACH STATEMENT EXECUTE FUNCTION semear_grant_names_changed();--> statement-breakpoint
-- Only an ending (revoked_at set) or a removed session matters to whether its tokens are let in.
CREATE OR REPLACE FUNCTION semear_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('semear_public_changed', 'session:' || OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER user_sessions_revoked AFTER UPDATE OF revoked_at ON user_sessions FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION semear_session_ended();--> statement-breakpoint
CREATE TRIGGER user_sessions_removed AFTER DELETE ON user_sessions FOR EACH ROW EXECUTE FUNCTION semear_session_ended();
