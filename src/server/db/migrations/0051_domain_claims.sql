ALTER TABLE "domains" DROP CONSTRAINT "domains_hostname_unique";--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_user_hostname_unique" UNIQUE("user_id","hostname");--> statement-breakpoint
CREATE INDEX "domains_hostname_idx" ON "domains" USING btree ("hostname");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_hostname_verified_unique" ON "domains" USING btree ("hostname") WHERE state = 'verified';
