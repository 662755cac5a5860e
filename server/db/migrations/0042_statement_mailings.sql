-- Last year's statement mailed each January, once per donor and year (issue 50); donors who saved their notification preferences before the new type existed keep hearing of it (an opt-out, not an opt-in).
CREATE TABLE "statement_mailings" (
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statement_mailings_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
ALTER TABLE "statement_mailings" ADD CONSTRAINT "statement_mailings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "notification_settings" SET "types" = array_append("types", 'yearly_statement') WHERE NOT ('yearly_statement' = ANY("types"));
