CREATE TABLE "campaign_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_versions" (
	"campaign_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_versions_campaign_id_number_pk" PRIMARY KEY("campaign_id","number")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "share_title" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "share_description" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "saved_by" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "saved_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_slug_redirects" ADD CONSTRAINT "campaign_slug_redirects_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_versions" ADD CONSTRAINT "campaign_versions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The lifecycle's words (docs/admin.md): an active campaign is published, a closed one ended.
UPDATE "campaigns" SET "status" = 'published' WHERE "status" = 'active';--> statement-breakpoint
UPDATE "campaigns" SET "status" = 'ended' WHERE "status" = 'closed';
