CREATE TABLE "tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("run_at","id") WHERE "tasks"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "tasks_state_idx" ON "tasks" USING btree ("state","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_key_idx" ON "tasks" USING btree ("key") WHERE "tasks"."key" IS NOT NULL AND "tasks"."state" <> 'failed';