CREATE TABLE "team_permission_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"before" jsonb NOT NULL,
	"permissions" jsonb NOT NULL,
	"requested_by" uuid,
	"invitation_id" uuid,
	"status" text DEFAULT 'pending_approval' NOT NULL,
	"decided_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "team_permission_changes" ADD CONSTRAINT "team_permission_changes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_permission_changes" ADD CONSTRAINT "team_permission_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_permission_changes" ADD CONSTRAINT "team_permission_changes_invitation_id_team_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."team_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_permission_changes" ADD CONSTRAINT "team_permission_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_permission_changes_member_idx" ON "team_permission_changes" USING btree ("member_id");