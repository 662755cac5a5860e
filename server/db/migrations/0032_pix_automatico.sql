-- Monthly giving by Pix Automático (docs/payments.md, "Monthly giving by Pix Automático"): how a subscription
-- is paid, the bank's recurrence it runs on, and the combined QR the donor pays to authorise it; each charge
-- says whether it is a card charge, the first month's immediate charge (cob) or a month the bank debits (cobr).
ALTER TABLE "subscription_charges" ADD COLUMN "kind" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pix_recurrence_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pix_authorization" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_pix_recurrence_unique" ON "subscriptions" USING btree ("pix_recurrence_id");