CREATE TABLE "donor_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"auto_donation_campaign_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"types" text[] NOT NULL,
	"channels" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text,
	"failure_code" text,
	"card_brand" text,
	"card_last4" text,
	"lot_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "subscription_charges_amount_positive" CHECK ("subscription_charges"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"saved_card_id" uuid,
	"billing_day" integer NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"next_charge_at" timestamp with time zone,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"contact" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"locale" text DEFAULT 'pt' NOT NULL,
	"paused_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_amount_positive" CHECK ("subscriptions"."amount_cents" > 0),
	CONSTRAINT "subscriptions_billing_day" CHECK ("subscriptions"."billing_day" between 1 and 31)
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "automatic_source" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donor_settings" ADD CONSTRAINT "donor_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_settings" ADD CONSTRAINT "donor_settings_auto_donation_campaign_id_campaigns_id_fk" FOREIGN KEY ("auto_donation_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_lot_id_wallet_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."wallet_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_attempt_unique" ON "subscription_charges" USING btree ("subscription_id","period_start","attempt");--> statement-breakpoint
CREATE INDEX "subscription_charges_user_idx" ON "subscription_charges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_open_per_user" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" <> 'canceled';--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_charge_at") WHERE "subscriptions"."next_charge_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "donations_automatic_source_unique" ON "donations" USING btree ("automatic_source") WHERE "donations"."automatic_source" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_unique" ON "notifications" USING btree ("user_id","dedupe_key") WHERE "notifications"."dedupe_key" is not null;