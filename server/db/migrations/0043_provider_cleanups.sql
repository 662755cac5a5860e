-- Account deletion (issue 50): what a deletion still owes a payment provider (a saved card, a Pix Automático recurrence), done after the commit and retried.
CREATE TABLE "provider_cleanups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"gateway" text NOT NULL,
	"reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "provider_cleanups_due_idx" ON "provider_cleanups" USING btree ("next_attempt_at") WHERE "provider_cleanups"."done_at" is null;--> statement-breakpoint
CREATE INDEX "provider_cleanups_request_idx" ON "provider_cleanups" USING btree ("request_id");