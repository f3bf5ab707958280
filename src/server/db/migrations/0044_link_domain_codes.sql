ALTER TABLE "short_links" DROP CONSTRAINT "short_links_short_code_unique";--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "domain_id" uuid;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_domain_code_unique" UNIQUE NULLS NOT DISTINCT("domain_id","short_code");