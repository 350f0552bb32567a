ALTER TABLE "folders" DROP CONSTRAINT "folders_user_parent_name_uq";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_team_home_uploaded_idx" ON "files" USING btree ("team_id","uploaded_at" DESC NULLS FIRST,"original_name","id") WHERE "files"."team_id" is not null and "files"."folder_id" is null;--> statement-breakpoint
CREATE INDEX "files_folder_uploaded_idx" ON "files" USING btree ("folder_id","uploaded_at" DESC NULLS FIRST,"original_name","id") WHERE "files"."folder_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "folders_private_parent_name_uq" ON "folders" USING btree ("user_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE "folders"."team_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "folders_team_parent_name_uq" ON "folders" USING btree ("team_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE "folders"."team_id" is not null;--> statement-breakpoint
-- A team is deleted only when nobody belongs to it any more (its last member joined another team).
-- Its library is not lost with it: each file goes back to its uploader's private Home (user_id is
-- the uploader), before the team's folders cascade away and would take their files along.
CREATE FUNCTION teams_library_to_uploaders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE files SET team_id = NULL, folder_id = NULL WHERE team_id = OLD.id;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER teams_library_to_uploaders BEFORE DELETE ON teams FOR EACH ROW EXECUTE FUNCTION teams_library_to_uploaders();
