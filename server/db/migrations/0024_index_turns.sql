CREATE SEQUENCE "public"."index_turn_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "index_turns" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"turn" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "index_turns" ADD CONSTRAINT "index_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_index_pending_owner_idx" ON "files" USING btree ("user_id","uploaded_at") WHERE "files"."index_status" = 'pending';