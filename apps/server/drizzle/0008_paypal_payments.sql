CREATE TABLE "paypal_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paypal_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paypal_order_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "capture_declines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paypal_capture_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paypal_refund_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_failure" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paypal_webhook_events" ADD CONSTRAINT "paypal_webhook_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_paypal_order_unique" ON "orders" USING btree ("paypal_order_id");--> statement-breakpoint
CREATE INDEX "orders_paypal_capture_idx" ON "orders" USING btree ("paypal_capture_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('unpaid', 'pending', 'declined', 'paid', 'refund_pending', 'refunded', 'refund_failed', 'reversed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending_payment', 'waiting', 'accepted', 'rejected', 'ready', 'completed', 'cancelled', 'expired'));--> statement-breakpoint
UPDATE "orders" SET "waiting_since" = "created_at" WHERE "status" <> 'pending_payment';