ALTER TABLE "postcodes" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Databases seeded before this migration hold only the demo restaurant, whose areas all lie in Berlin.
UPDATE "postcodes" SET "city" = 'Berlin' WHERE "city" = '' AND "store_id" = 13;
