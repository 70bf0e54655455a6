CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"holder_guest_id" uuid,
	"parent_item_id" uuid,
	"unit_price_excl_tax_cents" integer NOT NULL,
	"unit_price_incl_tax_cents" integer NOT NULL,
	"tax_percent" numeric(5, 2),
	"refunded" boolean DEFAULT false NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_refund_within_price" CHECK ("order_items"."refunded_cents" >= 0 and "order_items"."refunded_cents" <= "order_items"."unit_price_incl_tax_cents")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"buyer_guest_id" uuid,
	"status" text DEFAULT 'in_cart' NOT NULL,
	"payment_method" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"total_excl_tax_cents" integer DEFAULT 0 NOT NULL,
	"total_incl_tax_cents" integer DEFAULT 0 NOT NULL,
	"buyer_kind" text DEFAULT 'individual' NOT NULL,
	"billing_name" text DEFAULT '' NOT NULL,
	"billing_address" text DEFAULT '' NOT NULL,
	"billing_zip" text DEFAULT '' NOT NULL,
	"billing_city" text DEFAULT '' NOT NULL,
	"billing_siret" text,
	"reserved_until" timestamp with time zone,
	"invoice_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "orders_totals" CHECK ("orders"."total_excl_tax_cents" >= 0 and "orders"."total_incl_tax_cents" >= "orders"."total_excl_tax_cents")
);
--> statement-breakpoint
CREATE TABLE "ticket_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_price_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"price_incl_tax_cents" integer NOT NULL,
	"price_excl_tax_cents" integer NOT NULL,
	CONSTRAINT "ticket_price_periods_prices" CHECK ("ticket_price_periods"."price_excl_tax_cents" >= 0 and "ticket_price_periods"."price_incl_tax_cents" >= "ticket_price_periods"."price_excl_tax_cents"),
	CONSTRAINT "ticket_price_periods_dates" CHECK ("ticket_price_periods"."starts_at" is null or "ticket_price_periods"."ends_at" is null or "ticket_price_periods"."starts_at" < "ticket_price_periods"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"caption" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tax_percent" numeric(5, 2),
	"max_quantity" integer,
	"quantity_taken" integer DEFAULT 0 NOT NULL,
	"is_option" boolean DEFAULT false NOT NULL,
	"on_sale" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"category_id" uuid,
	"subcategory_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_max_quantity_positive" CHECK ("tickets"."max_quantity" is null or "tickets"."max_quantity" > 0),
	CONSTRAINT "tickets_quantity_taken_within_max" CHECK ("tickets"."quantity_taken" >= 0 and ("tickets"."max_quantity" is null or "tickets"."quantity_taken" <= "tickets"."max_quantity")),
	CONSTRAINT "tickets_tax_percent_range" CHECK ("tickets"."tax_percent" is null or "tickets"."tax_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_holder_guest_id_guests_id_fk" FOREIGN KEY ("holder_guest_id") REFERENCES "public"."guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_parent_item_id_order_items_id_fk" FOREIGN KEY ("parent_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_guest_id_guests_id_fk" FOREIGN KEY ("buyer_guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_categories" ADD CONSTRAINT "ticket_categories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_categories" ADD CONSTRAINT "ticket_categories_parent_id_ticket_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ticket_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_price_periods" ADD CONSTRAINT "ticket_price_periods_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_category_id_ticket_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ticket_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_subcategory_id_ticket_categories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."ticket_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_holder" ON "order_items" USING btree ("holder_guest_id");--> statement-breakpoint
CREATE INDEX "order_items_ticket" ON "order_items" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_created" ON "orders" USING btree ("buyer_guest_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_event_created" ON "orders" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_cart_expiry" ON "orders" USING btree ("reserved_until") WHERE "orders"."status" in ('in_cart', 'awaiting_payment');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_event_invoice_unique" ON "orders" USING btree ("event_id","invoice_number") WHERE "orders"."invoice_number" is not null;--> statement-breakpoint
CREATE INDEX "ticket_categories_event_position" ON "ticket_categories" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "ticket_price_periods_ticket_starts" ON "ticket_price_periods" USING btree ("ticket_id","starts_at");--> statement-breakpoint
CREATE INDEX "tickets_event_position" ON "tickets" USING btree ("event_id","position");