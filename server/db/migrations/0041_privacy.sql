-- A donor's records and rights (issue 50): the organisation's legal data, issued documents anyone can verify, and LGPD data requests.
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"guest_email_hash" text,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"file_key" text,
	"expires_at" timestamp with time zone,
	"confirm_token_hash" text,
	"outcome" jsonb
);
--> statement-breakpoint
CREATE TABLE "issued_documents" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"user_id" uuid,
	"donation_id" uuid,
	"total_cents" integer NOT NULL,
	"organisation" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_profile" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"cnpj" text DEFAULT '' NOT NULL,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"representative_name" text DEFAULT '' NOT NULL,
	"representative_role" text DEFAULT '' NOT NULL,
	"deduction_title" text DEFAULT 'none' NOT NULL,
	"deduction_title_number" text DEFAULT '' NOT NULL,
	"deduction_title_date" date,
	"dpo_contact" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "organisation_profile_one_row" CHECK ("organisation_profile"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "data_requests_user_idx" ON "data_requests" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "data_requests_listing_idx" ON "data_requests" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "issued_documents_subject_idx" ON "issued_documents" USING btree ("kind","user_id","donation_id","year");