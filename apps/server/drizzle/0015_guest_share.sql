-- The guests’ share of a slot (docs/decisions/020-strangers-orders.md): beside each slot's active orders,
-- `slot_counts` counts its guest orders that staff have not answered yet (no account, waiting for their
-- payment or for the kitchen), so that an order can check both under the same locks.
ALTER TABLE "slot_counts" ADD COLUMN "guests_waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "orders_count_slots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "slot_counts" AS c ("store_id", "slot_start", "lane", "taken", "guests_waiting")
    SELECT n."store_id", n."slot_start",
      coalesce(nullif(current_setting('pizzeria.slot_lane', true), '')::smallint, 0),
      count(*) FILTER (WHERE n."status" IN ('pending_payment', 'waiting', 'accepted'))::int,
      count(*) FILTER (WHERE n."user_id" IS NULL AND n."status" IN ('pending_payment', 'waiting'))::int
    FROM "new_orders" n
    WHERE n."status" IN ('pending_payment', 'waiting', 'accepted')
    GROUP BY n."store_id", n."slot_start"
    ORDER BY n."store_id", n."slot_start"
    ON CONFLICT ("store_id", "slot_start", "lane") DO UPDATE
      SET "taken" = c."taken" + excluded."taken", "guests_waiting" = c."guests_waiting" + excluded."guests_waiting";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "slot_counts" AS c ("store_id", "slot_start", "lane", "taken", "guests_waiting")
    SELECT d."store_id", d."slot_start", -1, sum(d."change")::int, sum(d."guest_change")::int
    FROM (
      SELECT o."store_id", o."slot_start",
        CASE WHEN o."status" IN ('pending_payment', 'waiting', 'accepted') THEN -1 ELSE 0 END AS "change",
        CASE WHEN o."user_id" IS NULL AND o."status" IN ('pending_payment', 'waiting') THEN -1 ELSE 0 END AS "guest_change"
      FROM "old_orders" o
      UNION ALL
      SELECT n."store_id", n."slot_start",
        CASE WHEN n."status" IN ('pending_payment', 'waiting', 'accepted') THEN 1 ELSE 0 END,
        CASE WHEN n."user_id" IS NULL AND n."status" IN ('pending_payment', 'waiting') THEN 1 ELSE 0 END
      FROM "new_orders" n
    ) d
    GROUP BY d."store_id", d."slot_start"
    HAVING sum(d."change") <> 0 OR sum(d."guest_change") <> 0
    ORDER BY d."store_id", d."slot_start"
    ON CONFLICT ("store_id", "slot_start", "lane") DO UPDATE
      SET "taken" = c."taken" + excluded."taken", "guests_waiting" = c."guests_waiting" + excluded."guests_waiting";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "slot_counts" AS c ("store_id", "slot_start", "lane", "taken", "guests_waiting")
    SELECT o."store_id", o."slot_start", -1, -count(*)::int,
      -count(*) FILTER (WHERE o."user_id" IS NULL AND o."status" IN ('pending_payment', 'waiting'))::int
    FROM "old_orders" o
    WHERE o."status" IN ('pending_payment', 'waiting', 'accepted')
    GROUP BY o."store_id", o."slot_start"
    ORDER BY o."store_id", o."slot_start"
    ON CONFLICT ("store_id", "slot_start", "lane") DO UPDATE
      SET "taken" = c."taken" + excluded."taken", "guests_waiting" = c."guests_waiting" + excluded."guests_waiting";
  ELSE
    DELETE FROM "slot_counts";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- claim_slot as before, answering the slot's unanswered guest orders beside its active orders, both read
-- after the locks.
DROP FUNCTION "claim_slot"(integer, timestamptz, integer, integer);--> statement-breakpoint
CREATE FUNCTION "claim_slot"(p_store integer, p_slot timestamptz, p_lanes integer, p_fallback integer)
RETURNS TABLE ("taken" integer, "guests_waiting" integer) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  slot_minute integer := (extract(epoch FROM p_slot) / 60)::integer;
  lane_base bigint := (p_store::bigint << 36) # (slot_minute::bigint << 4);
  lane integer;
BEGIN
  IF p_lanes < 1 THEN
    PERFORM pg_advisory_xact_lock(p_store, slot_minute);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(p_store, slot_minute);
    SELECT l INTO lane FROM generate_series(0, p_lanes - 1) AS l
    WHERE pg_try_advisory_xact_lock(lane_base | l) LIMIT 1;
    IF lane IS NULL THEN
      lane := p_fallback % p_lanes;
      PERFORM pg_advisory_xact_lock(lane_base | lane);
    END IF;
    PERFORM set_config('pizzeria.slot_lane', lane::text, true);
  END IF;
  RETURN QUERY SELECT coalesce(sum(c."taken"), 0)::integer, coalesce(sum(c."guests_waiting"), 0)::integer
    FROM "slot_counts" c WHERE c."store_id" = p_store AND c."slot_start" = p_slot;
END;
$$;--> statement-breakpoint
-- The guest orders already waiting, on the released lane; an order placed meanwhile waits for this commit.
INSERT INTO "slot_counts" AS c ("store_id", "slot_start", "lane", "taken", "guests_waiting")
SELECT "store_id", "slot_start", -1, 0, count(*)::int FROM "orders"
WHERE "user_id" IS NULL AND "status" IN ('pending_payment', 'waiting')
GROUP BY "store_id", "slot_start"
ON CONFLICT ("store_id", "slot_start", "lane") DO UPDATE SET "guests_waiting" = c."guests_waiting" + excluded."guests_waiting";
