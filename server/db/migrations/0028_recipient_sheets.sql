CREATE TABLE "recipient_sheets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recipient_sheets_created_idx" ON "recipient_sheets" USING btree ("created_at");