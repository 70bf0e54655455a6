CREATE TABLE "event_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_domains" ADD CONSTRAINT "event_domains_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_domains_event" ON "event_domains" USING btree ("event_id");--> statement-breakpoint
-- Domains saved before the table existed: each goes to the event that saved it first, and a later event sharing it
-- loses it from its list, so that the list and the table agree.
INSERT INTO "event_domains" ("domain", "event_id")
SELECT DISTINCT ON ("domain") "domain", "events"."id"
FROM "events", jsonb_array_elements_text("events"."custom_domains") AS "domain"
ORDER BY "domain", "events"."created_at", "events"."id";--> statement-breakpoint
UPDATE "events" SET "custom_domains" = COALESCE((
  SELECT jsonb_agg("listed"."domain" ORDER BY "listed"."position")
  FROM jsonb_array_elements_text("events"."custom_domains") WITH ORDINALITY AS "listed"("domain", "position")
  WHERE EXISTS (
    SELECT 1 FROM "event_domains" WHERE "event_domains"."domain" = "listed"."domain" AND "event_domains"."event_id" = "events"."id"
  )
), '[]'::jsonb)
WHERE "custom_domains" <> '[]'::jsonb;
