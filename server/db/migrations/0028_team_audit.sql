ALTER TABLE "admin_actions" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD COLUMN "actor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_team_created_idx" ON "admin_actions" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "admin_actions_actor_idx" ON "admin_actions" USING btree ("actor_user_id");