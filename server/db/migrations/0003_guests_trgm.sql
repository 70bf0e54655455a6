-- pg_trgm ships with PostgreSQL and is loaded into PGlite in server/db/connection.ts: the same migration runs on both.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "guests_event_status";--> statement-breakpoint
CREATE INDEX "guests_event_status_last_name" ON "guests" USING btree ("event_id","status","last_name","id");--> statement-breakpoint
CREATE INDEX "guests_search_trgm" ON "guests" USING gin ("search_text" gin_trgm_ops);