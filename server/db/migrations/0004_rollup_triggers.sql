-- Keeps the admin rollup tables (server/db/schema/rollups.ts) equal to their source tables.
-- Statement-level triggers with transition tables: one aggregate per statement, whether it writes
-- one row (a chat exchange) or a million (a bulk import), in the same transaction as the write.
-- Every upsert takes its rows in key order, so two statements never wait on each other in a cycle.
-- Updates that change no total (a rename, a move, a user deleted and set null) write nothing.

-- Which of 16 rollup rows a source row counts in: spreads concurrent writers. Random uuids make
-- the last byte uniform.
CREATE FUNCTION rollup_shard(id uuid) RETURNS smallint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (get_byte(uuid_send(id), 15) & 15)::smallint $$;
--> statement-breakpoint

CREATE FUNCTION interaction_totals_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM interaction_totals;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO interaction_totals AS t (persona, shard, interactions, response_ms, succeeded, positive_feedback, negative_feedback)
    SELECT persona, rollup_shard(id), count(*), sum(response_time_ms),
           count(*) FILTER (WHERE success), count(*) FILTER (WHERE feedback = 'positive'), count(*) FILTER (WHERE feedback = 'negative')
    FROM new_rows
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (persona, shard) DO UPDATE SET
      interactions = t.interactions + excluded.interactions,
      response_ms = t.response_ms + excluded.response_ms,
      succeeded = t.succeeded + excluded.succeeded,
      positive_feedback = t.positive_feedback + excluded.positive_feedback,
      negative_feedback = t.negative_feedback + excluded.negative_feedback;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO interaction_totals AS t (persona, shard, interactions, response_ms, succeeded, positive_feedback, negative_feedback)
    SELECT persona, rollup_shard(id), -count(*), -sum(response_time_ms),
           -count(*) FILTER (WHERE success), -count(*) FILTER (WHERE feedback = 'positive'), -count(*) FILTER (WHERE feedback = 'negative')
    FROM old_rows
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (persona, shard) DO UPDATE SET
      interactions = t.interactions + excluded.interactions,
      response_ms = t.response_ms + excluded.response_ms,
      succeeded = t.succeeded + excluded.succeeded,
      positive_feedback = t.positive_feedback + excluded.positive_feedback,
      negative_feedback = t.negative_feedback + excluded.negative_feedback;
  ELSE
    -- UPDATE (a thumbs up or down, a user deleted and set null): the new rows minus the old ones.
    INSERT INTO interaction_totals AS t (persona, shard, interactions, response_ms, succeeded, positive_feedback, negative_feedback)
    SELECT persona, shard, sum(n), sum(ms), sum(ok), sum(pos), sum(neg)
    FROM (
      SELECT persona, rollup_shard(id) AS shard, -1 AS n, -response_time_ms AS ms, -(success::int) AS ok,
             -((feedback IS NOT DISTINCT FROM 'positive')::int) AS pos, -((feedback IS NOT DISTINCT FROM 'negative')::int) AS neg
      FROM old_rows
      UNION ALL
      SELECT persona, rollup_shard(id), 1, response_time_ms, success::int,
             (feedback IS NOT DISTINCT FROM 'positive')::int, (feedback IS NOT DISTINCT FROM 'negative')::int
      FROM new_rows
    ) AS delta
    GROUP BY 1, 2
    HAVING sum(n) <> 0 OR sum(ms) <> 0 OR sum(ok) <> 0 OR sum(pos) <> 0 OR sum(neg) <> 0
    ORDER BY 1, 2
    ON CONFLICT (persona, shard) DO UPDATE SET
      interactions = t.interactions + excluded.interactions,
      response_ms = t.response_ms + excluded.response_ms,
      succeeded = t.succeeded + excluded.succeeded,
      positive_feedback = t.positive_feedback + excluded.positive_feedback,
      negative_feedback = t.negative_feedback + excluded.negative_feedback;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION feature_usage_totals_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM feature_usage_totals;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO feature_usage_totals AS t (feature, action, shard, events)
    SELECT feature, action, rollup_shard(id), count(*) FROM new_rows
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (feature, action, shard) DO UPDATE SET events = t.events + excluded.events;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO feature_usage_totals AS t (feature, action, shard, events)
    SELECT feature, action, rollup_shard(id), -count(*) FROM old_rows
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (feature, action, shard) DO UPDATE SET events = t.events + excluded.events;
  ELSE
    INSERT INTO feature_usage_totals AS t (feature, action, shard, events)
    SELECT feature, action, shard, sum(n)
    FROM (
      SELECT feature, action, rollup_shard(id) AS shard, -1 AS n FROM old_rows
      UNION ALL
      SELECT feature, action, rollup_shard(id), 1 FROM new_rows
    ) AS delta
    GROUP BY 1, 2, 3
    HAVING sum(n) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (feature, action, shard) DO UPDATE SET events = t.events + excluded.events;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION file_storage_totals_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM file_storage_totals;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO file_storage_totals AS t (category, shard, files, bytes)
    SELECT category, rollup_shard(id), count(*), sum(size) FROM new_rows
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (category, shard) DO UPDATE SET files = t.files + excluded.files, bytes = t.bytes + excluded.bytes;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO file_storage_totals AS t (category, shard, files, bytes)
    SELECT category, rollup_shard(id), -count(*), -sum(size) FROM old_rows
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (category, shard) DO UPDATE SET files = t.files + excluded.files, bytes = t.bytes + excluded.bytes;
  ELSE
    -- UPDATE: a rename or a move changes nothing here and writes nothing.
    INSERT INTO file_storage_totals AS t (category, shard, files, bytes)
    SELECT category, shard, sum(n), sum(bytes)
    FROM (
      SELECT category, rollup_shard(id) AS shard, -1 AS n, -size AS bytes FROM old_rows
      UNION ALL
      SELECT category, rollup_shard(id), 1, size FROM new_rows
    ) AS delta
    GROUP BY 1, 2
    HAVING sum(n) <> 0 OR sum(bytes) <> 0
    ORDER BY 1, 2
    ON CONFLICT (category, shard) DO UPDATE SET files = t.files + excluded.files, bytes = t.bytes + excluded.bytes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION payment_totals_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM payment_totals;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO payment_totals AS t (status, payments, amount_usd)
    SELECT status, count(*), sum(amount_usd) FROM new_rows
    GROUP BY 1
    ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET payments = t.payments + excluded.payments, amount_usd = t.amount_usd + excluded.amount_usd;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO payment_totals AS t (status, payments, amount_usd)
    SELECT status, -count(*), -sum(amount_usd) FROM old_rows
    GROUP BY 1
    ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET payments = t.payments + excluded.payments, amount_usd = t.amount_usd + excluded.amount_usd;
  ELSE
    -- UPDATE: a status change moves the payment from one total to another.
    INSERT INTO payment_totals AS t (status, payments, amount_usd)
    SELECT status, sum(n), sum(usd)
    FROM (
      SELECT status, -1 AS n, -amount_usd AS usd FROM old_rows
      UNION ALL
      SELECT status, 1, amount_usd FROM new_rows
    ) AS delta
    GROUP BY 1
    HAVING sum(n) <> 0 OR sum(usd) <> 0
    ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET payments = t.payments + excluded.payments, amount_usd = t.amount_usd + excluded.amount_usd;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Users are updated on every request (last_active_at), so only inserts and deletes are tracked:
-- an update never changes how many users there are.
CREATE FUNCTION user_totals_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM user_totals;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO user_totals AS t (shard, users)
    SELECT rollup_shard(id), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (shard) DO UPDATE SET users = t.users + excluded.users;
  ELSE
    INSERT INTO user_totals AS t (shard, users)
    SELECT rollup_shard(id), -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (shard) DO UPDATE SET users = t.users + excluded.users;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE TRIGGER interaction_totals_on_insert AFTER INSERT ON interactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interaction_totals_track();
--> statement-breakpoint
CREATE TRIGGER interaction_totals_on_update AFTER UPDATE ON interactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interaction_totals_track();
--> statement-breakpoint
CREATE TRIGGER interaction_totals_on_delete AFTER DELETE ON interactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION interaction_totals_track();
--> statement-breakpoint
CREATE TRIGGER interaction_totals_on_truncate AFTER TRUNCATE ON interactions FOR EACH STATEMENT EXECUTE FUNCTION interaction_totals_track();
--> statement-breakpoint
CREATE TRIGGER feature_usage_totals_on_insert AFTER INSERT ON feature_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feature_usage_totals_track();
--> statement-breakpoint
CREATE TRIGGER feature_usage_totals_on_update AFTER UPDATE ON feature_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feature_usage_totals_track();
--> statement-breakpoint
CREATE TRIGGER feature_usage_totals_on_delete AFTER DELETE ON feature_events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION feature_usage_totals_track();
--> statement-breakpoint
CREATE TRIGGER feature_usage_totals_on_truncate AFTER TRUNCATE ON feature_events FOR EACH STATEMENT EXECUTE FUNCTION feature_usage_totals_track();
--> statement-breakpoint
CREATE TRIGGER file_storage_totals_on_insert AFTER INSERT ON files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION file_storage_totals_track();
--> statement-breakpoint
CREATE TRIGGER file_storage_totals_on_update AFTER UPDATE ON files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION file_storage_totals_track();
--> statement-breakpoint
CREATE TRIGGER file_storage_totals_on_delete AFTER DELETE ON files REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION file_storage_totals_track();
--> statement-breakpoint
CREATE TRIGGER file_storage_totals_on_truncate AFTER TRUNCATE ON files FOR EACH STATEMENT EXECUTE FUNCTION file_storage_totals_track();
--> statement-breakpoint
CREATE TRIGGER payment_totals_on_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_track();
--> statement-breakpoint
CREATE TRIGGER payment_totals_on_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_track();
--> statement-breakpoint
CREATE TRIGGER payment_totals_on_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_track();
--> statement-breakpoint
CREATE TRIGGER payment_totals_on_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_track();
--> statement-breakpoint
CREATE TRIGGER user_totals_on_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_totals_track();
--> statement-breakpoint
CREATE TRIGGER user_totals_on_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_totals_track();
--> statement-breakpoint
CREATE TRIGGER user_totals_on_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION user_totals_track();
--> statement-breakpoint

-- Backfill: the triggers above already hold each table's write lock, so no row committed after
-- these reads escapes both the backfill and the triggers.
INSERT INTO interaction_totals (persona, shard, interactions, response_ms, succeeded, positive_feedback, negative_feedback)
SELECT persona, rollup_shard(id), count(*), coalesce(sum(response_time_ms), 0),
       count(*) FILTER (WHERE success), count(*) FILTER (WHERE feedback = 'positive'), count(*) FILTER (WHERE feedback = 'negative')
FROM interactions
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO feature_usage_totals (feature, action, shard, events)
SELECT feature, action, rollup_shard(id), count(*) FROM feature_events GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO file_storage_totals (category, shard, files, bytes)
SELECT category, rollup_shard(id), count(*), coalesce(sum(size), 0) FROM files GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO payment_totals (status, payments, amount_usd)
SELECT status, count(*), coalesce(sum(amount_usd), 0) FROM payments GROUP BY 1;
--> statement-breakpoint
INSERT INTO user_totals (shard, users)
SELECT rollup_shard(id), count(*) FROM users GROUP BY 1;
