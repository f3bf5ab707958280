CREATE TABLE "link_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_link_tags" (
	"link_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "short_link_tags_pk" PRIMARY KEY("link_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "ios_url" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "android_url" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "country_urls" jsonb;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "utm" jsonb;--> statement-breakpoint
ALTER TABLE "link_tags" ADD CONSTRAINT "link_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_link_tags" ADD CONSTRAINT "short_link_tags_link_id_short_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."short_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_link_tags" ADD CONSTRAINT "short_link_tags_tag_id_link_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."link_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "link_tags_user_name_unique" ON "link_tags" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "short_link_tags_tag_idx" ON "short_link_tags" USING btree ("tag_id");