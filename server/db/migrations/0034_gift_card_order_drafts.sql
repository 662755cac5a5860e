-- The buyer's draft an order pays for: one draft is one order (a duplicated tab paying it again is refused).
ALTER TABLE "gift_card_orders" ADD COLUMN "draft_id" uuid;--> statement-breakpoint
CREATE INDEX "gift_card_orders_draft_idx" ON "gift_card_orders" USING btree ("draft_id") WHERE "gift_card_orders"."draft_id" is not null;