CREATE TABLE "creator_page_stats" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"block_id" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_page_stats_user_id_day_kind_block_id_pk" PRIMARY KEY("user_id","day","kind","block_id")
);
--> statement-breakpoint
CREATE TABLE "creator_pages" (
	"user_id" text PRIMARY KEY NOT NULL,
	"theme" text DEFAULT 'midnight' NOT NULL,
	"accent" text DEFAULT '#7c3aed' NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"on_domain" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_page_stats" ADD CONSTRAINT "creator_page_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_pages" ADD CONSTRAINT "creator_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;