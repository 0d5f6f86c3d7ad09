CREATE TABLE "additives" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "additives_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "allergens" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "allergens_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"code" text NOT NULL,
	"type" text DEFAULT 'percentage' NOT NULL,
	"value" numeric(5, 2) NOT NULL,
	CONSTRAINT "discounts_store_code_unique" UNIQUE("store_id","code"),
	CONSTRAINT "discounts_code_check" CHECK ("discounts"."code" in ('DELIVERY_DISCOUNT', 'PICKUP_DISCOUNT')),
	CONSTRAINT "discounts_type_check" CHECK ("discounts"."type" = 'percentage'),
	CONSTRAINT "discounts_value_check" CHECK ("discounts"."value" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "postcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"postcode" text NOT NULL,
	"delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"minimum_order_cents" integer DEFAULT 0 NOT NULL,
	"delivery_time_minutes" integer NOT NULL,
	CONSTRAINT "postcodes_store_postcode_unique" UNIQUE("store_id","postcode"),
	CONSTRAINT "postcodes_postcode_check" CHECK (char_length("postcodes"."postcode") between 3 and 10),
	CONSTRAINT "postcodes_amounts_check" CHECK ("postcodes"."delivery_fee_cents" >= 0 and "postcodes"."minimum_order_cents" >= 0 and "postcodes"."delivery_time_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_additives" (
	"product_id" integer NOT NULL,
	"additive_id" integer NOT NULL,
	CONSTRAINT "product_additives_product_id_additive_id_pk" PRIMARY KEY("product_id","additive_id")
);
--> statement-breakpoint
CREATE TABLE "product_allergens" (
	"product_id" integer NOT NULL,
	"allergen_id" integer NOT NULL,
	CONSTRAINT "product_allergens_product_id_allergen_id_pk" PRIMARY KEY("product_id","allergen_id")
);
--> statement-breakpoint
CREATE TABLE "product_topping_groups" (
	"product_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_topping_groups_product_id_group_id_pk" PRIMARY KEY("product_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_price_cents_check" CHECK ("product_variants"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"type" text DEFAULT 'simple' NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"tax_rate_id" integer NOT NULL,
	"image_slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('simple', 'variable')),
	CONSTRAINT "products_price_cents_check" CHECK ("products"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"day_of_week" integer NOT NULL,
	"open_time" text NOT NULL,
	"close_time" text NOT NULL,
	"label" text,
	CONSTRAINT "store_hours_store_day_open_unique" UNIQUE("store_id","day_of_week","open_time"),
	CONSTRAINT "store_hours_day_of_week_check" CHECK ("store_hours"."day_of_week" between 0 and 6),
	CONSTRAINT "store_hours_open_time_check" CHECK ("store_hours"."open_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "store_hours_close_time_check" CHECK ("store_hours"."close_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"timezone" text DEFAULT 'Europe/Berlin' NOT NULL,
	"region" text DEFAULT 'de-DE' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	CONSTRAINT "stores_region_check" CHECK ("stores"."region" in ('de-DE', 'de-CH', 'en-GB'))
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	CONSTRAINT "tax_rates_name_unique" UNIQUE("name"),
	CONSTRAINT "tax_rates_percentage_check" CHECK ("tax_rates"."percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "topping_additives" (
	"topping_id" integer NOT NULL,
	"additive_id" integer NOT NULL,
	CONSTRAINT "topping_additives_topping_id_additive_id_pk" PRIMARY KEY("topping_id","additive_id")
);
--> statement-breakpoint
CREATE TABLE "topping_allergens" (
	"topping_id" integer NOT NULL,
	"allergen_id" integer NOT NULL,
	CONSTRAINT "topping_allergens_topping_id_allergen_id_pk" PRIMARY KEY("topping_id","allergen_id")
);
--> statement-breakpoint
CREATE TABLE "topping_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"min_select" integer DEFAULT 0 NOT NULL,
	"max_select" integer NOT NULL,
	CONSTRAINT "topping_groups_select_check" CHECK ("topping_groups"."min_select" >= 0 and "topping_groups"."max_select" >= "topping_groups"."min_select")
);
--> statement-breakpoint
CREATE TABLE "toppings" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "toppings_price_cents_check" CHECK ("toppings"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postcodes" ADD CONSTRAINT "postcodes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_additives" ADD CONSTRAINT "product_additives_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_additives" ADD CONSTRAINT "product_additives_additive_id_additives_id_fk" FOREIGN KEY ("additive_id") REFERENCES "public"."additives"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_allergens" ADD CONSTRAINT "product_allergens_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_allergens" ADD CONSTRAINT "product_allergens_allergen_id_allergens_id_fk" FOREIGN KEY ("allergen_id") REFERENCES "public"."allergens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_topping_groups" ADD CONSTRAINT "product_topping_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_topping_groups" ADD CONSTRAINT "product_topping_groups_group_id_topping_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."topping_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_hours" ADD CONSTRAINT "store_hours_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topping_additives" ADD CONSTRAINT "topping_additives_topping_id_toppings_id_fk" FOREIGN KEY ("topping_id") REFERENCES "public"."toppings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topping_additives" ADD CONSTRAINT "topping_additives_additive_id_additives_id_fk" FOREIGN KEY ("additive_id") REFERENCES "public"."additives"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topping_allergens" ADD CONSTRAINT "topping_allergens_topping_id_toppings_id_fk" FOREIGN KEY ("topping_id") REFERENCES "public"."toppings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topping_allergens" ADD CONSTRAINT "topping_allergens_allergen_id_allergens_id_fk" FOREIGN KEY ("allergen_id") REFERENCES "public"."allergens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topping_groups" ADD CONSTRAINT "topping_groups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toppings" ADD CONSTRAINT "toppings_group_id_topping_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."topping_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_store_position_idx" ON "categories" USING btree ("store_id","position");--> statement-breakpoint
CREATE INDEX "product_additives_additive_idx" ON "product_additives" USING btree ("additive_id");--> statement-breakpoint
CREATE INDEX "product_allergens_allergen_idx" ON "product_allergens" USING btree ("allergen_id");--> statement-breakpoint
CREATE INDEX "product_topping_groups_group_idx" ON "product_topping_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "product_variants_product_position_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "products_category_position_idx" ON "products" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "products_tax_rate_idx" ON "products" USING btree ("tax_rate_id");--> statement-breakpoint
CREATE INDEX "topping_additives_additive_idx" ON "topping_additives" USING btree ("additive_id");--> statement-breakpoint
CREATE INDEX "topping_allergens_allergen_idx" ON "topping_allergens" USING btree ("allergen_id");--> statement-breakpoint
CREATE INDEX "topping_groups_store_idx" ON "topping_groups" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "toppings_group_position_idx" ON "toppings" USING btree ("group_id","position");