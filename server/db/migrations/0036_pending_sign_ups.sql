-- Sign-ups waiting for their e-mail's confirmation, and when an address's owner was last told of a sign-up with it (issue 48 item 6).
CREATE TABLE "pending_sign_ups" (
	"email" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"person_type" text NOT NULL,
	"cpf" text,
	"cnpj" text,
	"phone" text NOT NULL,
	"birth_date" date,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pending_sign_ups_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_up_notices" (
	"email" text PRIMARY KEY NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_sign_ups_expires_idx" ON "pending_sign_ups" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_up_notices_mailed_idx" ON "sign_up_notices" USING btree ("mailed_at");