CREATE TABLE "fonts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text,
	"type" text DEFAULT 'regular' NOT NULL,
	"alternate_font" text DEFAULT 'Arial' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"file_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"displayed_fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"session_id" uuid,
	"session_name" text NOT NULL,
	"guest_id" uuid NOT NULL,
	"order_item_id" uuid,
	"pass_key" text NOT NULL,
	"device_id" uuid,
	"source" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ebadge_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"guest_ids" jsonb NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ebadge_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"attach_to_confirmation" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebadges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"format" text DEFAULT 'A4' NOT NULL,
	"orientation" text DEFAULT 'portrait' NOT NULL,
	"rotation" real DEFAULT 0 NOT NULL,
	"background_image_id" uuid,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditions" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fonts" ADD CONSTRAINT "fonts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_codes" ADD CONSTRAINT "checkin_codes_session_id_checkin_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkin_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_codes" ADD CONSTRAINT "checkin_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_devices" ADD CONSTRAINT "checkin_devices_session_id_checkin_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkin_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_devices" ADD CONSTRAINT "checkin_devices_code_id_checkin_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."checkin_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_sessions" ADD CONSTRAINT "checkin_sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_session_id_checkin_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkin_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_device_id_checkin_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."checkin_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebadge_batches" ADD CONSTRAINT "ebadge_batches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebadge_batches" ADD CONSTRAINT "ebadge_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebadge_settings" ADD CONSTRAINT "ebadge_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebadges" ADD CONSTRAINT "ebadges_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebadges" ADD CONSTRAINT "ebadges_background_image_id_images_id_fk" FOREIGN KEY ("background_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fonts_account" ON "fonts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_codes_code" ON "checkin_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "checkin_codes_session" ON "checkin_codes" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_devices_token" ON "checkin_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "checkin_devices_session" ON "checkin_devices" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "checkin_sessions_event" ON "checkin_sessions" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_pass_standing" ON "checkins" USING btree ("event_id","pass_key") WHERE "checkins"."undone_at" is null and not "checkins"."flagged";--> statement-breakpoint
CREATE INDEX "checkins_event_scanned" ON "checkins" USING btree ("event_id","scanned_at");--> statement-breakpoint
CREATE INDEX "checkins_session_scanned" ON "checkins" USING btree ("session_id","scanned_at");--> statement-breakpoint
CREATE INDEX "checkins_guest" ON "checkins" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "ebadge_batches_event" ON "ebadge_batches" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "ebadges_event" ON "ebadges" USING btree ("event_id","position");