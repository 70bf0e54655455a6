CREATE TABLE "custom_page_versions" (
	"page_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"menu_title" text DEFAULT '' NOT NULL,
	"in_menu" boolean DEFAULT true NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	CONSTRAINT "custom_page_versions_page_id_language_pk" PRIMARY KEY("page_id","language")
);
--> statement-breakpoint
CREATE TABLE "custom_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_page_versions" ADD CONSTRAINT "custom_page_versions_page_id_custom_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."custom_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_page_versions" ADD CONSTRAINT "custom_page_versions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_pages" ADD CONSTRAINT "custom_pages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_page_versions_slug" ON "custom_page_versions" USING btree ("event_id","language","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_pages_event_position" ON "custom_pages" USING btree ("event_id","position");