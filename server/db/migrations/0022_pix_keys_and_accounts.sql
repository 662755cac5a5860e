CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_code" text NOT NULL,
	"branch" text NOT NULL,
	"account" text NOT NULL,
	"digit" text NOT NULL,
	"type" text NOT NULL,
	"holder_name" text NOT NULL,
	"holder_document" text NOT NULL,
	"status" text DEFAULT 'pending_approval' NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pix_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'pending_approval' NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pix_keys" ADD CONSTRAINT "pix_keys_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_one_active" ON "payout_accounts" USING btree ("status") WHERE "payout_accounts"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "pix_keys_one_active" ON "pix_keys" USING btree (coalesce("campaign_id"::text, 'general_fund')) WHERE "pix_keys"."status" = 'active';--> statement-breakpoint
CREATE INDEX "pix_keys_campaign_idx" ON "pix_keys" USING btree ("campaign_id");