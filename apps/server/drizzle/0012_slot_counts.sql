CREATE TABLE "slot_counts" (
	"store_id" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"lane" smallint NOT NULL,
	"taken" integer NOT NULL,
	CONSTRAINT "slot_counts_store_id_slot_start_lane_pk" PRIMARY KEY("store_id","slot_start","lane")
);
--> statement-breakpoint
ALTER TABLE "slot_counts" ADD CONSTRAINT "slot_counts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts follow every write to orders (decision 008): one statement's orders at once, their rows
-- taken in key order, so that statements changing several slots never wait for each other in a circle.
-- A new order counts on the lane its transaction holds (`pizzeria.slot_lane`, set by the lane's
-- statement), else on lane 0; status changes, moves and deletions on lane -1, the released lane.
CREATE FUNCTION "orders_count_slots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "slot_counts" AS c ("store_id", "slot_start", "lane", "taken")
    SELECT n."store_id", n."slot_start",
      coalesce(nullif(current_setting('pizzeria.slot_lane', true), '')::smallint, 0), count(*)::int
    FROM "new_orders" n
    WHERE n."status" IN ('pending_payment', 'waiting', 'accepted')
    GROUP BY n."store_id", n."slot_start"
    ORDER BY n."store_id", n."slot_start"
    ON CONFLICT ("store_id", "slot_start", "lane") DO UPDATE SET "taken" = c."taken" + excluded."taken";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "slot_counts" AS c ("store_id", "slot_start", "lane", "taken")
    SELECT d."store_id", d."slot_start", -1, sum(d."change")::int
    FROM (
      SELECT o."store_id", o."slot_start", -1 AS "change" FROM "old_orders" o
      WHERE o."status" IN ('pending_payment', 'waiting', 'accepted')
      UNION ALL
      SELECT n."store_id", n."slot_start", 1 FROM "new_orders" n
      WHERE n."status" IN ('pending_payment', 'waiting', 'accepted')
    ) d
    GROUP BY d."store_id", d."slot_start"
    HAVING sum(d."change") <> 0
    ORDER BY d."store_id", d."slot_start"
    ON CONFLICT ("store_id", "slot_start", "lane") DO UPDATE SET "taken" = c."taken" + excluded."taken";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "slot_counts" AS c ("store_id", "slot_start", "lane", "taken")
    SELECT o."store_id", o."slot_start", -1, -count(*)::int
    FROM "old_orders" o
    WHERE o."status" IN ('pending_payment', 'waiting', 'accepted')
    GROUP BY o."store_id", o."slot_start"
    ORDER BY o."store_id", o."slot_start"
    ON CONFLICT ("store_id", "slot_start", "lane") DO UPDATE SET "taken" = c."taken" + excluded."taken";
  ELSE
    DELETE FROM "slot_counts";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_slot_counts_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_slots"();--> statement-breakpoint
CREATE TRIGGER "orders_slot_counts_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_slots"();--> statement-breakpoint
CREATE TRIGGER "orders_slot_counts_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_slots"();--> statement-breakpoint
CREATE TRIGGER "orders_slot_counts_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_slots"();--> statement-breakpoint
-- An order's claim on its slot (decision 008), called by the statement that writes the order. p_lanes 0:
-- the slot's lock, exclusively; else the slot's lock shared and the first free of p_lanes lanes (advisory
-- locks with one bigint key, a space apart from the slots' two-int4 keys), or lane p_fallback once it is
-- free. Answers the slot's active orders, read after the locks: a VOLATILE function reads with a snapshot
-- of its own, taken after the wait, so it sees every order of whoever held the slot before.
CREATE FUNCTION "claim_slot"(p_store integer, p_slot timestamptz, p_lanes integer, p_fallback integer)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
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
  RETURN (SELECT coalesce(sum(c."taken"), 0)::integer FROM "slot_counts" c
    WHERE c."store_id" = p_store AND c."slot_start" = p_slot);
END;
$$;--> statement-breakpoint
-- The orders already there, after the triggers: an order placed meanwhile waits for this migration's commit.
INSERT INTO "slot_counts" ("store_id", "slot_start", "lane", "taken")
SELECT "store_id", "slot_start", 0, count(*)::int FROM "orders"
WHERE "status" IN ('pending_payment', 'waiting', 'accepted')
GROUP BY "store_id", "slot_start";
