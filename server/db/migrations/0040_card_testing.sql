-- Card testing cut off: declined new cards by fingerprint, guards on campaigns under a burst, and the sandbox token's BIN (issue 49 item 6).
CREATE TABLE "card_declines" (
	"fingerprint" text NOT NULL,
	"campaign_key" text NOT NULL,
	"declined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_testing_guards" (
	"campaign_key" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"guarded_until" timestamp with time zone NOT NULL,
	"next_admission_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sandbox_card_tokens" ADD COLUMN "bin" text;--> statement-breakpoint
CREATE INDEX "card_declines_fingerprint_idx" ON "card_declines" USING btree ("fingerprint","declined_at");