CREATE TABLE "custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min" double precision,
	"max" double precision,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"civility" text,
	"email" text,
	"company" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'not_responded' NOT NULL,
	"mail_status" text,
	"companions_expected" integer DEFAULT 0 NOT NULL,
	"nameless_companions" integer DEFAULT 0 NOT NULL,
	"prescriber" text DEFAULT '' NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"host_id" uuid,
	"godfather_id" uuid,
	"created_source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_host_id_guests_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_godfather_id_guests_id_fk" FOREIGN KEY ("godfather_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_event_name_unique" ON "custom_fields" USING btree ("event_id",lower("name"));--> statement-breakpoint
CREATE INDEX "guests_event_last_name" ON "guests" USING btree ("event_id","last_name","id");--> statement-breakpoint
CREATE INDEX "guests_event_status" ON "guests" USING btree ("event_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_event_email_unique" ON "guests" USING btree ("event_id",lower("email")) WHERE "guests"."email" is not null;--> statement-breakpoint
CREATE INDEX "guests_event_created" ON "guests" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "guests_host" ON "guests" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "guests_godfather" ON "guests" USING btree ("godfather_id");