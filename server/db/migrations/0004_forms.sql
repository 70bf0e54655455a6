CREATE TABLE "form_answer_counts" (
	"form_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answer_id" text NOT NULL,
	"chosen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_answer_counts_form_id_question_id_answer_id_pk" PRIMARY KEY("form_id","question_id","answer_id")
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"items" jsonb NOT NULL,
	"published_items" jsonb,
	"options" jsonb NOT NULL,
	"terms_file_id" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_answer_counts" ADD CONSTRAINT "form_answer_counts_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_terms_file_id_stored_files_id_fk" FOREIGN KEY ("terms_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_form_guest" ON "form_submissions" USING btree ("form_id","guest_id");--> statement-breakpoint
CREATE INDEX "form_submissions_form_created" ON "form_submissions" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE INDEX "forms_event_type" ON "forms" USING btree ("event_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_event_type_online" ON "forms" USING btree ("event_id","type") WHERE "forms"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "stored_files_event" ON "stored_files" USING btree ("event_id","purpose");