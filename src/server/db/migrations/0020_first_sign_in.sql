ALTER TABLE "users" ADD COLUMN "first_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- Confirmed accounts are taken as signed in before (every session of theirs began after this
-- moment), so they keep their 'Welcome back'; unconfirmed ones get it from their first session.
UPDATE "users" SET "first_sign_in_at" = "created_at" WHERE "email_verified";
