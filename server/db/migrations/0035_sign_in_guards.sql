-- Sign-in tries counted per e-mail address, whatever network address they come from, and their lock, shared by every node
-- (issue 48 item 3); the language of each account's last sign-in, for mail the owner did not ask for.
CREATE TABLE "sign_in_guards" (
	"email" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
CREATE INDEX "sign_in_guards_window_idx" ON "sign_in_guards" USING btree ("window_started_at");