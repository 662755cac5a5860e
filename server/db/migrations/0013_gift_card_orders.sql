CREATE TABLE "gift_card_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"value_cents" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"template" text NOT NULL,
	"message" text NOT NULL,
	"sender" text NOT NULL,
	"shipping_mode" text NOT NULL,
	"send_at" timestamp with time zone,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_method" text NOT NULL,
	"contact" jsonb NOT NULL,
	"address" jsonb,
	"locale" text DEFAULT 'pt' NOT NULL,
	"receipt_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "gift_card_orders_total" CHECK ("gift_card_orders"."total_cents" = "gift_card_orders"."value_cents" * "gift_card_orders"."quantity" and "gift_card_orders"."quantity" > 0 and "gift_card_orders"."value_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "donation_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "deliver_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gift_card_order_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_card_orders" ADD CONSTRAINT "gift_card_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_orders_user_idx" ON "gift_card_orders" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_id_gift_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."gift_card_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gift_card_order_id_gift_card_orders_id_fk" FOREIGN KEY ("gift_card_order_id") REFERENCES "public"."gift_card_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_order_position_unique" ON "gift_cards" USING btree ("order_id","position") WHERE "gift_cards"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_cards_undelivered_idx" ON "gift_cards" USING btree ("deliver_at") WHERE "gift_cards"."delivered_at" is null and "gift_cards"."deliver_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_gift_card_order_idx" ON "payments" USING btree ("gift_card_order_id") WHERE "payments"."gift_card_order_id" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_purchase" CHECK (("payments"."donation_id" is null) <> ("payments"."gift_card_order_id" is null));