CREATE TABLE "customer_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_confirmations_purpose_check" CHECK ("email_confirmations"."purpose" in ('confirm', 'change'))
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"staff_role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"accepted_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_role_check" CHECK ("staff_invitations"."staff_role" in ('owner', 'manager', 'kitchen'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_sessions_user_idx" ON "customer_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_confirmations_hash_unique" ON "email_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_confirmations_user_idx" ON "email_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_hash_unique" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree ("email");--> statement-breakpoint
-- The one staff account an installation had is its first owner (docs/product/back-office.md).
UPDATE "users" SET "staff_role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
-- Accounts made before addresses were confirmed keep working as they did: they count as confirmed.
UPDATE "users" SET "email_confirmed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK (("users"."role" = 'admin' and "users"."staff_role" in ('owner', 'manager', 'kitchen')) or ("users"."role" = 'customer' and "users"."staff_role" is null));