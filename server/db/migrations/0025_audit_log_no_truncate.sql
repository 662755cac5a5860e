-- TRUNCATE fires no row triggers: without this one, the append-only audit log could be emptied in one statement.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
