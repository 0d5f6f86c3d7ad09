-- PayPal request ids unique across databases, settlement of PayPal orders not charged, refund retries.
ALTER TABLE "orders" ADD COLUMN "paypal_key" uuid DEFAULT gen_random_uuid() NOT NULL;
--> statement-breakpoint
-- The capture counter counts every capture PayPal refused (declined, or not approved yet): each refusal needs a new request id.
ALTER TABLE "orders" RENAME COLUMN "capture_declines" TO "capture_attempts";
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paypal_settle_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paypal_settle_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_reviewed_by_users_id_fk" FOREIGN KEY ("payment_reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_paypal_settle_idx" ON "orders" USING btree ("paypal_settle_at") WHERE "orders"."paypal_settle_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_refund_retry_idx" ON "orders" USING btree ("refund_retry_at") WHERE "orders"."refund_retry_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_payment_review_idx" ON "orders" USING btree ("store_id","payment_updated_at") WHERE "orders"."payment_status" in ('refund_failed', 'reversed', 'refund_pending');--> statement-breakpoint
-- PayPal orders left behind before settlement existed (switched to cash, expired, uncaptured) are asked about once more, and failed refunds retried.
UPDATE "orders" SET "paypal_settle_at" = now() WHERE "paypal_order_id" is not null AND "paypal_capture_id" is null AND ("payment_method" = 'cash' OR "status" = 'expired');--> statement-breakpoint
UPDATE "orders" SET "refund_retry_at" = now() WHERE "payment_status" = 'refund_failed';--> statement-breakpoint
-- Refunds PayPal holds as PENDING are followed up by the sweep too (asked about, webhooks or not), through the same partial index.
UPDATE "orders" SET "refund_retry_at" = now() WHERE "payment_status" = 'refund_pending' AND "paypal_refund_id" is not null;
