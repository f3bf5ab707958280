-- The creator's onboarding checklist (issue #46): when they shared a link from it, and when they put it away.
ALTER TABLE "user_profiles" ADD COLUMN "onboarding_shared_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "onboarding_dismissed_at" timestamp with time zone;
