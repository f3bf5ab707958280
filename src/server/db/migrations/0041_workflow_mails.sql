CREATE TABLE "audience_workflow_mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audience_workflow_mails" ADD CONSTRAINT "audience_workflow_mails_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_workflow_mails_creator_idx" ON "audience_workflow_mails" USING btree ("creator_id","sent_at");