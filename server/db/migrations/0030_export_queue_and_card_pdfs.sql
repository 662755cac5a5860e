ALTER TABLE "gift_card_orders" ADD COLUMN "cards_pdf_key" text;--> statement-breakpoint
CREATE INDEX "donations_created_idx" ON "donations" USING btree ("created_at","id");--> statement-breakpoint
-- One run at a time per admin: any other run an admin had going waits its turn again (the newest heartbeat keeps running).
UPDATE "export_jobs" SET "status" = 'queued' WHERE "status" = 'running' AND "id" NOT IN (
  SELECT DISTINCT ON ("requested_by") "id" FROM "export_jobs" WHERE "status" = 'running' ORDER BY "requested_by", "heartbeat_at" DESC NULLS LAST
);--> statement-breakpoint
CREATE UNIQUE INDEX "export_jobs_one_running_idx" ON "export_jobs" USING btree ("requested_by") WHERE status = 'running';
