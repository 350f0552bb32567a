CREATE TABLE "passage_embeddings" (
	"passage_id" uuid PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"model" text NOT NULL,
	"dims" integer NOT NULL,
	"vector" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passage_embeddings" ADD CONSTRAINT "passage_embeddings_passage_id_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."passages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passage_embeddings" ADD CONSTRAINT "passage_embeddings_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passage_embeddings_file_idx" ON "passage_embeddings" USING btree ("file_id");