CREATE TABLE "stored_files" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"user_id" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "password_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "size_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_user_idx" ON "stored_files" USING btree ("user_id");--> statement-breakpoint
-- Sessions renewed before the absolute lifetime existed end 30 days (SESSION_MAX_DAYS' default) after sign-in.
UPDATE "sessions" SET "expires_at" = LEAST("expires_at", "created_at" + interval '30 days');
