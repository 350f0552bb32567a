CREATE TABLE "passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"page" integer,
	"heading" text,
	"char_start" integer NOT NULL,
	"char_end" integer NOT NULL,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"tsv" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "citations" jsonb;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "index_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "index_error" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "index_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passages_file_ordinal_idx" ON "passages" USING btree ("file_id","ordinal");--> statement-breakpoint
CREATE INDEX "passages_tsv_idx" ON "passages" USING gin ("tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "files_index_queue_idx" ON "files" USING btree ("uploaded_at") WHERE "files"."index_status" in ('pending', 'indexing');--> statement-breakpoint
-- Accents are folded away on both sides of a search (café finds cafe). unaccent ships with
-- PostgreSQL's contrib (trusted since 13) and with PGlite as an extension (server/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- A passage's search vector: the file name weighs most (A), then the heading it falls under (B),
-- then its text (D). camelCase words are split (bodyLimit: body, limit), as they are in queries.
-- One function, so the indexer and the rename trigger below agree.
CREATE OR REPLACE FUNCTION genie_passage_tsv(lang text, file_name text, heading text, body text) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector(lang::regconfig, unaccent(regexp_replace(coalesce(file_name, ''), '[._-]+', ' ', 'g'))), 'A')
      || setweight(to_tsvector(lang::regconfig, unaccent(coalesce(heading, ''))), 'B')
      || setweight(to_tsvector(lang::regconfig, unaccent(regexp_replace(body, '([a-z])([A-Z])', '\1 \2', 'g'))), 'D')
$$;--> statement-breakpoint
-- A renamed file is found by its new name at once: its passages' vectors are remade in the same
-- statement as the rename.
CREATE OR REPLACE FUNCTION genie_passages_follow_rename() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE passages SET tsv = genie_passage_tsv(language, NEW.original_name, heading, body) WHERE file_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER files_rename_passages AFTER UPDATE OF original_name ON files
FOR EACH ROW WHEN (OLD.original_name IS DISTINCT FROM NEW.original_name)
EXECUTE FUNCTION genie_passages_follow_rename();
