ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "orders_next_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."revision" := OLD."revision" + 1;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_revision" BEFORE UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_next_revision"();
