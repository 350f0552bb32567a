CREATE TABLE "feature_usage_totals" (
	"feature" text NOT NULL,
	"action" text NOT NULL,
	"shard" smallint NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "feature_usage_totals_feature_action_shard_pk" PRIMARY KEY("feature","action","shard")
);
--> statement-breakpoint
CREATE TABLE "file_storage_totals" (
	"category" text NOT NULL,
	"shard" smallint NOT NULL,
	"files" bigint DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "file_storage_totals_category_shard_pk" PRIMARY KEY("category","shard")
);
--> statement-breakpoint
CREATE TABLE "interaction_totals" (
	"persona" text NOT NULL,
	"shard" smallint NOT NULL,
	"interactions" bigint DEFAULT 0 NOT NULL,
	"response_ms" bigint DEFAULT 0 NOT NULL,
	"succeeded" bigint DEFAULT 0 NOT NULL,
	"positive_feedback" bigint DEFAULT 0 NOT NULL,
	"negative_feedback" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "interaction_totals_persona_shard_pk" PRIMARY KEY("persona","shard")
);
--> statement-breakpoint
CREATE TABLE "payment_totals" (
	"status" text PRIMARY KEY NOT NULL,
	"payments" bigint DEFAULT 0 NOT NULL,
	"amount_usd" numeric(20, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_totals" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"users" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "feature_events_feature_action_idx";--> statement-breakpoint
DROP INDEX "interactions_persona_idx";--> statement-breakpoint
DROP INDEX "files_category_idx";--> statement-breakpoint
DROP INDEX "files_uploaded_at_idx";--> statement-breakpoint
DROP INDEX "payments_status_created_idx";--> statement-breakpoint
CREATE INDEX "files_original_name_trgm_idx" ON "files" USING gin ("original_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "folders_name_trgm_idx" ON "folders" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at","amount_usd");