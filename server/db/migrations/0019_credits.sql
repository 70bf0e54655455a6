CREATE TABLE "credit_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_on" date,
	"pack" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_lots_remaining" CHECK ("credit_lots"."remaining" >= 0 and "credit_lots"."remaining" <= "credit_lots"."number"),
	CONSTRAINT "credit_lots_kind" CHECK ("credit_lots"."kind" in ('event', 'campaign'))
);
--> statement-breakpoint
CREATE TABLE "credit_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"lot_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"campaign_id" uuid,
	"author_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_mail_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"guest_id" uuid NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"mail_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_mails" (
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"days" integer DEFAULT 1 NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_mails_event_id_kind_pk" PRIMARY KEY("event_id","kind")
);
--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_lot_id_credit_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_mail_sends" ADD CONSTRAINT "auto_mail_sends_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_mail_sends" ADD CONSTRAINT "auto_mail_sends_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_mails" ADD CONSTRAINT "auto_mails_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_mails" ADD CONSTRAINT "auto_mails_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_lots_account_kind" ON "credit_lots" USING btree ("account_id","kind","expires_on");--> statement-breakpoint
CREATE INDEX "credit_movements_account_kind_at" ON "credit_movements" USING btree ("account_id","kind","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_movements_campaign" ON "credit_movements" USING btree ("campaign_id") WHERE "credit_movements"."campaign_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_mail_sends_event_kind_guest" ON "auto_mail_sends" USING btree ("event_id","kind","guest_id");--> statement-breakpoint
CREATE INDEX "auto_mails_enabled" ON "auto_mails" USING btree ("kind") WHERE "auto_mails"."enabled";