DROP INDEX "guests_host";--> statement-breakpoint
DROP INDEX "guests_godfather";--> statement-breakpoint
CREATE INDEX "guests_host" ON "guests" USING btree ("host_id") WHERE "guests"."host_id" is not null;--> statement-breakpoint
CREATE INDEX "guests_godfather" ON "guests" USING btree ("godfather_id") WHERE "guests"."godfather_id" is not null;