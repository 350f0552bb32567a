CREATE TABLE "passage_embeddings" (
	"passage_id" uuid PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"dims" integer NOT NULL,
	"vector" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passage_embeddings" ADD CONSTRAINT "passage_embeddings_passage_id_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."passages"("id") ON DELETE cascade ON UPDATE no action;