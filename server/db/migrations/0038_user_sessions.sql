-- Sessions a person can see and end: one per refresh-token family, the `sid` of its access tokens (issue 49 item 5).
CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"user_agent" text NOT NULL,
	"ip" text NOT NULL,
	"place" text,
	"second_factor_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id","last_seen_at");;--> statement-breakpoint
-- The families still open before this migration become sessions of an unknown device, so their refresh keeps working.
INSERT INTO "user_sessions" ("id", "user_id", "created_at", "last_seen_at", "user_agent", "ip")
SELECT "family_id", "user_id", min("created_at"), max("created_at"), '', ''
FROM "refresh_tokens"
WHERE "revoked_at" IS NULL
GROUP BY "family_id", "user_id"
HAVING max("expires_at") > now();
