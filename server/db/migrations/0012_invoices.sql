CREATE TABLE "document_counters" (
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"test_mode" boolean NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "document_counters_event_id_kind_test_mode_pk" PRIMARY KEY("event_id","kind","test_mode")
);
--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"kind" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"test_mode" boolean NOT NULL,
	"amount_incl_tax_cents" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "order_documents_kind" CHECK ("order_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "order_documents_refund" CHECK (("order_documents"."kind" = 'invoice') = ("order_documents"."refund_id" is null))
);
--> statement-breakpoint
DROP INDEX "orders_event_invoice_unique";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_documents_order" ON "order_documents" USING btree ("order_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_number_unique" ON "order_documents" USING btree ("event_id","kind","test_mode","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_invoice_unique" ON "order_documents" USING btree ("order_id") WHERE "order_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_refund_unique" ON "order_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_code_unique" ON "order_items" USING btree ("code");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "invoice_number";