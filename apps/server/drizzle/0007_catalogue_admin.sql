CREATE TABLE "group_items" (
	"group_id" integer NOT NULL,
	"topping_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "group_items_group_id_topping_id_pk" PRIMARY KEY("group_id","topping_id"),
	CONSTRAINT "group_items_price_cents_check" CHECK ("group_items"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "picture_renditions" (
	"hash" text PRIMARY KEY NOT NULL,
	"picture_id" integer NOT NULL,
	"kind" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "picture_renditions_kind_check" CHECK ("picture_renditions"."kind" in ('card', 'wide'))
);
--> statement-breakpoint
CREATE TABLE "pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"original_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "toppings" DROP CONSTRAINT "toppings_group_id_topping_groups_id_fk";
--> statement-breakpoint
DROP INDEX "toppings_group_position_idx";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "image_slug" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "additives" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "additives" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "allergens" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "postcodes" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "postcodes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "postcodes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "picture_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "legal_representative" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "trade_register" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "vat_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topping_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "topping_groups" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "toppings" ADD COLUMN "store_id" integer;--> statement-breakpoint
-- Toppings stand on their own; the group they belonged to now offers them at their price.
UPDATE "toppings" SET "store_id" = "topping_groups"."store_id" FROM "topping_groups" WHERE "topping_groups"."id" = "toppings"."group_id";--> statement-breakpoint
INSERT INTO "group_items" ("group_id", "topping_id", "price_cents", "position") SELECT "group_id", "id", "price_cents", "position" FROM "toppings";--> statement-breakpoint
ALTER TABLE "toppings" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "toppings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "toppings" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_items" ADD CONSTRAINT "group_items_group_id_topping_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."topping_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_items" ADD CONSTRAINT "group_items_topping_id_toppings_id_fk" FOREIGN KEY ("topping_id") REFERENCES "public"."toppings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_renditions" ADD CONSTRAINT "picture_renditions_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_items_topping_idx" ON "group_items" USING btree ("topping_id");--> statement-breakpoint
CREATE UNIQUE INDEX "picture_renditions_picture_kind_width_unique" ON "picture_renditions" USING btree ("picture_id","kind","width");--> statement-breakpoint
CREATE UNIQUE INDEX "pictures_store_hash_unique" ON "pictures" USING btree ("store_id","original_hash");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toppings" ADD CONSTRAINT "toppings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_store_entity_created_idx" ON "audit_log" USING btree ("store_id","entity","created_at");--> statement-breakpoint
CREATE INDEX "toppings_store_idx" ON "toppings" USING btree ("store_id");--> statement-breakpoint
UPDATE "products" SET "hidden" = NOT "available";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "available";--> statement-breakpoint
ALTER TABLE "toppings" DROP COLUMN "group_id";--> statement-breakpoint
ALTER TABLE "toppings" DROP COLUMN "position";