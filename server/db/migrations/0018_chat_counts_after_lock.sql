-- What counts toward a user's chat limits, counted in a snapshot taken after the user's allowance
-- lock (chat-exchange.repository.ts). A chat's start is one statement; under READ COMMITTED that
-- statement's own snapshot is taken before any lock it asks for, so a second start of the same user
-- would count without the first one's message. A VOLATILE function's queries each take a fresh
-- snapshot, so the count below, run after the lock, sees every start that held it before. The lock
-- is a transaction lock: the start's statement is its own transaction, so it is held until that
-- statement commits, and never across a round trip to the server (issue 19: BEGIN, the lock, the
-- statement and COMMIT were four round trips, and one user's 20 chats at once waited on each other
-- for all four).
CREATE FUNCTION chat_counts_after_lock(account uuid, minute_ago timestamptz, day_start timestamptz, take_lock boolean)
RETURNS TABLE (last_minute int, oldest timestamptz, today int)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  IF take_lock THEN
    -- The lock's first key is its own namespace ('CHAT'), the second the user's hash.
    PERFORM pg_advisory_xact_lock(1128808788, hashtext(account::text));
  END IF;
  -- What counts: the user's messages, except those whose reply failed before any text (kept for
  -- Retry), and each regenerated reply.
  RETURN QUERY
    SELECT (count(*) FILTER (WHERE m.created_at >= minute_ago))::int,
           min(m.created_at) FILTER (WHERE m.created_at >= minute_ago),
           (count(*) FILTER (WHERE m.created_at >= day_start))::int
    FROM messages m
    WHERE m.user_id = account
      AND ((m.role = 'user' AND m.status <> 'failed') OR (m.role = 'assistant' AND m.regenerated))
      AND m.created_at >= least(minute_ago, day_start);
END
$$;
