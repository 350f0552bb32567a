ALTER TABLE "interactions" ADD COLUMN "continuation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "copied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- What counts toward a user's chat limits (issue 42): as in 0018, except that messages copied from
-- a teammate's shared conversation are not the copier's (they sent none of them), and a Continue of
-- a cut-off reply, which grows that reply instead of adding a message, counts once by its
-- interaction row.
CREATE OR REPLACE FUNCTION chat_counts_after_lock(account uuid, minute_ago timestamptz, day_start timestamptz, take_lock boolean)
RETURNS TABLE (last_minute int, oldest timestamptz, today int)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  IF take_lock THEN
    -- The lock's first key is its own namespace ('CHAT'), the second the user's hash.
    PERFORM pg_advisory_xact_lock(1128808788, hashtext(account::text));
  END IF;
  RETURN QUERY
    SELECT (count(*) FILTER (WHERE e.at >= minute_ago))::int,
           min(e.at) FILTER (WHERE e.at >= minute_ago),
           (count(*) FILTER (WHERE e.at >= day_start))::int
    FROM (
      SELECT m.created_at AS at FROM messages m
      WHERE m.user_id = account
        AND NOT m.copied
        AND ((m.role = 'user' AND m.status <> 'failed') OR (m.role = 'assistant' AND m.regenerated))
        AND m.created_at >= least(minute_ago, day_start)
      UNION ALL
      SELECT i.created_at AS at FROM interactions i
      WHERE i.user_id = account AND i.continuation AND i.created_at >= least(minute_ago, day_start)
    ) e;
END
$$;
