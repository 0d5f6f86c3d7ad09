-- Every order findable by staff (search and filters over all orders).
-- Trigram indexes serve "contains" searches (`like '%…%'`) on the name, e-mail and phone digits; pg_trgm
-- is a trusted extension (PostgreSQL 13+), and PGlite loads it (`db/client.ts`).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "orders_store_created_idx" ON "orders" USING btree ("store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_store_payment_status_created_idx" ON "orders" USING btree ("store_id","payment_status","created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin (lower(("address" ->> 'customerName')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin (lower(("address" ->> 'email')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_digits_trgm_idx" ON "orders" USING gin (regexp_replace(("address" ->> 'phone'), '[^0-9]', '', 'g') gin_trgm_ops);
