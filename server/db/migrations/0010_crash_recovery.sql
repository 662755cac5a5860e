-- Nothing stuck after a crash: an idempotency claim names its process and holds a lease the work
-- renews, so a retry takes over a claim whose process died; open payments remember when the gateway
-- was last asked about them, so reconciliation checks them in turn while they are open.
ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_open_check_idx" ON "payments" USING btree ("status","checked_at");
