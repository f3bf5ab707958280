CREATE TABLE "ai_usage" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"generations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;