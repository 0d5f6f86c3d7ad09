ALTER TABLE "stores" ALTER COLUMN "auto_pause_enabled" SET DEFAULT true;--> statement-breakpoint
-- Automatic pauses are on by default; they were off only until the orders board shipped
-- (decision 009). Stores that never chose are turned on with the board.
UPDATE "stores" SET "auto_pause_enabled" = true;
