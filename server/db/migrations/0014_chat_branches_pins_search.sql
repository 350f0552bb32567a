ALTER TABLE "conversations" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "active_leaf_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "regenerated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_content_search_idx" ON "messages" USING gin (to_tsvector('english', "content"));--> statement-breakpoint
-- Hand-written backfill: every earlier conversation is one straight branch, each message following the one before it.
UPDATE "messages" m SET "parent_id" = p."previous"
FROM (
  SELECT "id", lag("id") OVER (PARTITION BY "conversation_id" ORDER BY "created_at", "id") AS "previous" FROM "messages"
) p
WHERE m."id" = p."id" AND p."previous" IS NOT NULL;--> statement-breakpoint
UPDATE "conversations" c SET "active_leaf_id" = (
  SELECT m."id" FROM "messages" m WHERE m."conversation_id" = c."id" ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1
);
