-- One attempt counted on each counter (plugins/rate-limits.ts), as one statement that each connection
-- plans once. The counters' rows are taken in key order, so two attempts over the same keys never wait
-- for each other in a circle; when any counter is over its maximum afterwards, the attempt is taken back
-- from all of them before the commit, so nobody sees the count in between. Answers each counter as
-- counted (the hits with this attempt, and when its window ends).
CREATE FUNCTION "take_rate_limits"(p_keys text[], p_maxima integer[], p_window_ends timestamptz[], p_at timestamptz)
RETURNS TABLE ("counted_key" text, "counted_hits" integer, "window_ends_ms" float8)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN QUERY
  INSERT INTO "rate_limits" AS r ("key", "hits", "window_ends_at")
  SELECT u.k, 1, u.e FROM unnest(p_keys, p_window_ends) AS u(k, e) ORDER BY u.k
  ON CONFLICT ("key") DO UPDATE SET
    "hits" = CASE WHEN r."window_ends_at" <= p_at THEN 1 ELSE r."hits" + 1 END,
    "window_ends_at" = CASE WHEN r."window_ends_at" <= p_at THEN excluded."window_ends_at" ELSE r."window_ends_at" END
  RETURNING r."key", r."hits", (extract(epoch FROM r."window_ends_at") * 1000)::float8;
  UPDATE "rate_limits" AS r SET "hits" = r."hits" - 1
  WHERE r."key" = ANY (p_keys)
    AND EXISTS (
      SELECT 1 FROM "rate_limits" o JOIN unnest(p_keys, p_maxima) AS l(k, m) ON l.k = o."key"
      WHERE o."hits" > l.m
    );
END;
$$;
