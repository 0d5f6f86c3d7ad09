CREATE TABLE "voucher_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"phone" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percentage" numeric(5, 2),
	"amount_cents" integer,
	"minimum_order_cents" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"order_types" text DEFAULT 'both' NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "vouchers_kind_check" CHECK ("vouchers"."kind" in ('percentage', 'amount')),
	CONSTRAINT "vouchers_value_check" CHECK (("vouchers"."kind" = 'percentage' and "vouchers"."percentage" > 0 and "vouchers"."percentage" <= 100 and "vouchers"."amount_cents" is null) or ("vouchers"."kind" = 'amount' and "vouchers"."amount_cents" > 0 and "vouchers"."percentage" is null)),
	CONSTRAINT "vouchers_order_types_check" CHECK ("vouchers"."order_types" in ('both', 'delivery', 'pickup')),
	CONSTRAINT "vouchers_minimum_check" CHECK ("vouchers"."minimum_order_cents" >= 0),
	CONSTRAINT "vouchers_max_uses_check" CHECK ("vouchers"."max_uses" is null or "vouchers"."max_uses" >= 1),
	CONSTRAINT "vouchers_max_uses_per_customer_check" CHECK ("vouchers"."max_uses_per_customer" is null or "vouchers"."max_uses_per_customer" >= 1),
	CONSTRAINT "vouchers_uses_check" CHECK ("vouchers"."uses" >= 0 and ("vouchers"."max_uses" is null or "vouchers"."uses" <= "vouchers"."max_uses")),
	CONSTRAINT "vouchers_validity_check" CHECK ("vouchers"."valid_from" is null or "vouchers"."valid_until" is null or "vouchers"."valid_from" < "vouchers"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "halves" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voucher_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voucher_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "divisible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "divisible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "vouchers_combine_with_discount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_order_unique" ON "voucher_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_user_idx" ON "voucher_redemptions" USING btree ("voucher_id","user_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_phone_idx" ON "voucher_redemptions" USING btree ("voucher_id","phone");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_email_idx" ON "voucher_redemptions" USING btree ("voucher_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_store_code_unique" ON "vouchers" USING btree ("store_id",upper("code")) WHERE "vouchers"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_voucher_cents_check" CHECK ("orders"."voucher_cents" >= 0);