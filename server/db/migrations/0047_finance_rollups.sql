-- The finances read daily rollups of the ledger for the days that are over (issue 52): a year of donations is a few rows a day, not 100,000 entries per request. Written by the finance-rollups job only, never by a donation.
CREATE TABLE "finance_compacted_days" (
	"day" date PRIMARY KEY NOT NULL,
	"lines" integer NOT NULL,
	"compacted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_day_sums" (
	"day" date NOT NULL,
	"line_kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"method" text,
	"amount_cents" bigint NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "finance_day_sums_unique" UNIQUE NULLS NOT DISTINCT("day","line_kind","account_id","method")
);
--> statement-breakpoint
ALTER TABLE "finance_day_sums" ADD CONSTRAINT "finance_day_sums_day_finance_compacted_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."finance_compacted_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_day_sums" ADD CONSTRAINT "finance_day_sums_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;