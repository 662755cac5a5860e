ALTER TABLE "gift_card_orders" ADD COLUMN "kind" text DEFAULT 'personal' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_orders" ADD COLUMN "logo_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_card_orders" ADD COLUMN "issued_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "gift_card_orders_issuing_idx" ON "gift_card_orders" USING btree ("paid_at") WHERE "gift_card_orders"."status" = 'paid' and "gift_card_orders"."issued_count" < "gift_card_orders"."quantity";--> statement-breakpoint
-- Orders paid before batches existed had all their cards issued with the payment.
UPDATE "gift_card_orders" SET "issued_count" = "quantity" WHERE "status" = 'paid';
