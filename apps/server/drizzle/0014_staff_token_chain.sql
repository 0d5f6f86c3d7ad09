CREATE TABLE "staff_exchanged_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"exchanged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_exchanged_tokens" ADD CONSTRAINT "staff_exchanged_tokens_session_id_staff_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."staff_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_exchanged_tokens_session_idx" ON "staff_exchanged_tokens" USING btree ("session_id");--> statement-breakpoint
-- Each device's token before its current one starts the chain, so it still signs the device out if it
-- comes back; the current tokens stay where they are and keep working.
INSERT INTO "staff_exchanged_tokens" ("token_hash", "session_id", "exchanged_at")
SELECT "previous_token_hash", "id", "last_used_at" FROM "staff_sessions" WHERE "previous_token_hash" IS NOT NULL;--> statement-breakpoint
DROP INDEX "staff_sessions_previous_token_hash_idx";--> statement-breakpoint
ALTER TABLE "staff_sessions" DROP COLUMN "previous_token_hash";
