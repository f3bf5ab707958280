CREATE TABLE "link_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer,
	"code" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "preview_title" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "preview_description" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "preview_image_url" text;--> statement-breakpoint
ALTER TABLE "link_reports" ADD CONSTRAINT "link_reports_link_id_short_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."short_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_reports" ADD CONSTRAINT "link_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_reports_status_idx" ON "link_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "link_reports_link_idx" ON "link_reports" USING btree ("link_id");