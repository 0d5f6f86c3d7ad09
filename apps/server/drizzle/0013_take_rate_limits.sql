-- One attempt counted on each counter (plugins/rate-limits.ts), as one statement that each connection
-- plans once. The counters' rows are taken in key order, so two attempts over the same keys never wait
-- for each other in a circle; when any counter is over its maximum afterwards, the attempt is taken back
-- from all of them before the commit, so nobody sees the count in between. Answers each counter as
-- counted (the hits with this attempt, and when its window ends).
CREATE FUNCTION "take_rate_limits"(p_keys text[], p_maxima integer[], p_window_ends timestamptz[], p_at timestamptz)
RETURNS TABLE ("counted_key" text, "counted_hits" integer, "window_ends_ms" float8)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  counted_keys text[];
  counted_hits integer[];
  counted_ends float8[];
  over boolean;
BEGIN
  -- Counters are no record of anything: the transaction counting them (its own, or an order's first
  -- read) commits without waiting for its WAL to reach the disk. A crash of PostgreSQL may forget the
  -- last moment's attempts, never an order (which commits on its own, synchronously).
  PERFORM set_config('synchronous_commit', 'off', true);
  WITH counted AS (
    INSERT INTO "rate_limits" AS r ("key", "hits", "window_ends_at")
    SELECT u.k, 1, u.e FROM unnest(p_keys, p_window_ends) AS u(k, e) ORDER BY u.k
    ON CONFLICT ("key") DO UPDATE SET
      "hits" = CASE WHEN r."window_ends_at" <= p_at THEN 1 ELSE r."hits" + 1 END,
      "window_ends_at" = CASE WHEN r."window_ends_at" <= p_at THEN excluded."window_ends_at" ELSE r."window_ends_at" END
    RETURNING r."key", r."hits", r."window_ends_at"
  )
  SELECT array_agg(c."key"), array_agg(c."hits"), array_agg((extract(epoch FROM c."window_ends_at") * 1000)::float8),
    coalesce(bool_or(c."hits" > l.m), false)
  INTO counted_keys, counted_hits, counted_ends, over
  FROM counted c JOIN unnest(p_keys, p_maxima) AS l(k, m) ON l.k = c."key";
  IF over THEN
    UPDATE "rate_limits" SET "hits" = "hits" - 1 WHERE "key" = ANY (p_keys);
  END IF;
  RETURN QUERY SELECT * FROM unnest(counted_keys, counted_hits, counted_ends);
END;
$$;
