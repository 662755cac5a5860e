-- Alerts to the admins (issue 51): one row per raised alert; the partial unique index keeps one open per kind and subject, so two nodes raising it at once mail the admins once.
CREATE TABLE "system_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "system_alerts_open_unique" ON "system_alerts" USING btree ("kind","subject") WHERE "system_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "system_alerts_raised_idx" ON "system_alerts" USING btree ("raised_at");