-- Workflow triggers beyond a purchase (issue #46): a new follower, a membership started or cancelled,
-- a trial ending. An enrollment names the event that made it (subject_key, once per workflow); a
-- purchase's keeps its sale.
ALTER TABLE "audience_workflows" ADD COLUMN "trigger" text DEFAULT 'purchase' NOT NULL;
--> statement-breakpoint
ALTER TABLE "audience_workflows" ADD CONSTRAINT "audience_workflows_trigger_check" CHECK ("audience_workflows"."trigger" IN ('purchase', 'follower', 'membership_started', 'membership_cancelled', 'trial_ending'));
--> statement-breakpoint
ALTER TABLE "audience_workflows" ADD CONSTRAINT "audience_workflows_follower_product_check" CHECK ("audience_workflows"."trigger" <> 'follower' OR "audience_workflows"."product_id" IS NULL);
--> statement-breakpoint
ALTER TABLE "audience_workflow_enrollments" ALTER COLUMN "sale_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "audience_workflow_enrollments" ADD COLUMN "subject_key" text;
--> statement-breakpoint
UPDATE "audience_workflow_enrollments" SET "subject_key" = 'sale:' || "sale_id";
--> statement-breakpoint
ALTER TABLE "audience_workflow_enrollments" ALTER COLUMN "subject_key" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "audience_workflow_enrollments" DROP CONSTRAINT "audience_workflow_enrollments_sale_unique";
--> statement-breakpoint
ALTER TABLE "audience_workflow_enrollments" ADD CONSTRAINT "audience_workflow_enrollments_subject_unique" UNIQUE ("workflow_id", "subject_key");
