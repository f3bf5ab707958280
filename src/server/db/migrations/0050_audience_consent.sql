CREATE TABLE "audience_buyer_confirmations" (
	"creator_id" text NOT NULL,
	"email" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audience_buyer_confirmations_pk" PRIMARY KEY("creator_id","email")
);
--> statement-breakpoint
ALTER TABLE "audience_buyer_confirmations" ADD CONSTRAINT "audience_buyer_confirmations_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
