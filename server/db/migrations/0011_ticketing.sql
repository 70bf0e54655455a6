CREATE TABLE "ticketing_organizers" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"siret" text NOT NULL,
	"corporate_name" text NOT NULL,
	"legal_structure" text DEFAULT '' NOT NULL,
	"share_capital_cents" bigint,
	"rcs_number" text DEFAULT '' NOT NULL,
	"street" text NOT NULL,
	"zip_code" text NOT NULL,
	"city" text NOT NULL,
	"vat_status" text NOT NULL,
	"vat_number" text,
	"legal_mentions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticketing_organizers_siret_digits" CHECK ("ticketing_organizers"."siret" ~ '^[0-9]{14}$'),
	CONSTRAINT "ticketing_organizers_vat_status" CHECK ("ticketing_organizers"."vat_status" in ('subject', 'margin', 'not_subject'))
);
--> statement-breakpoint
CREATE TABLE "ticketing_params" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"reservation_minutes" integer DEFAULT 15 NOT NULL,
	"payment_mode" text DEFAULT 'test' NOT NULL,
	"other_payment_methods" jsonb NOT NULL,
	"terms_file_id" uuid,
	"office_open" boolean DEFAULT false NOT NULL,
	"sales_start_at" timestamp with time zone,
	"sales_end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticketing_params_reservation_minutes" CHECK ("ticketing_params"."reservation_minutes" between 1 and 120),
	CONSTRAINT "ticketing_params_payment_mode" CHECK ("ticketing_params"."payment_mode" in ('test', 'live')),
	CONSTRAINT "ticketing_params_sales_dates" CHECK ("ticketing_params"."sales_start_at" is null or "ticketing_params"."sales_end_at" is null or "ticketing_params"."sales_start_at" < "ticketing_params"."sales_end_at")
);
--> statement-breakpoint
CREATE TABLE "order_coupons" (
	"order_id" uuid NOT NULL,
	"coupon_id" uuid NOT NULL,
	"code" text NOT NULL,
	"discount_cents" integer NOT NULL,
	CONSTRAINT "order_coupons_order_id_coupon_id_pk" PRIMARY KEY("order_id","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"livemode" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "order_payments_amount_positive" CHECK ("order_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid,
	"provider_refund_id" text,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "order_refunds_amount" CHECK ("order_refunds"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_tickets" (
	"coupon_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	CONSTRAINT "coupon_tickets_coupon_id_ticket_id_pk" PRIMARY KEY("coupon_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"amount_off_cents" integer,
	"percent_off" numeric(5, 2),
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"combinable" boolean DEFAULT false NOT NULL,
	"redeem_by" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_reduction" CHECK (("coupons"."discount_type" = 'amount' and "coupons"."amount_off_cents" > 0 and "coupons"."percent_off" is null)
    or ("coupons"."discount_type" = 'percent' and "coupons"."percent_off" > 0 and "coupons"."percent_off" <= 100
      and "coupons"."amount_off_cents" is null)),
	CONSTRAINT "coupons_max_redemptions_positive" CHECK ("coupons"."max_redemptions" is null or "coupons"."max_redemptions" > 0),
	CONSTRAINT "coupons_redemptions_within_max" CHECK ("coupons"."redemptions" >= 0 and ("coupons"."max_redemptions" is null or "coupons"."redemptions" <= "coupons"."max_redemptions"))
);
--> statement-breakpoint
CREATE TABLE "discount_tickets" (
	"discount_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	CONSTRAINT "discount_tickets_discount_id_ticket_id_pk" PRIMARY KEY("discount_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"discount_type" text NOT NULL,
	"amount_off_cents" integer,
	"percent_off" numeric(5, 2),
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_reduction" CHECK (("discounts"."discount_type" = 'amount' and "discounts"."amount_off_cents" > 0 and "discounts"."percent_off" is null)
    or ("discounts"."discount_type" = 'percent' and "discounts"."percent_off" > 0 and "discounts"."percent_off" <= 100
      and "discounts"."amount_off_cents" is null)),
	CONSTRAINT "discounts_min_quantity_positive" CHECK ("discounts"."min_quantity" >= 1),
	CONSTRAINT "discounts_dates" CHECK ("discounts"."starts_at" is null or "discounts"."ends_at" is null or "discounts"."starts_at" < "discounts"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "ticket_option_links" (
	"option_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	CONSTRAINT "ticket_option_links_option_id_ticket_id_pk" PRIMARY KEY("option_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"order_id" text,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "simulated_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"decline_code" text,
	"card_brand" text,
	"card_last4" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_payments_amount_positive" CHECK ("simulated_payments"."amount_cents" > 0),
	CONSTRAINT "simulated_payments_refund_within_amount" CHECK ("simulated_payments"."refunded_cents" >= 0 and "simulated_payments"."refunded_cents" <= "simulated_payments"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "simulated_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_refunds_amount_positive" CHECK ("simulated_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_incl_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_excl_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "other_payment_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "ticket_price_periods" ADD COLUMN "price_basis" text DEFAULT 'incl' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticketing_organizers" ADD CONSTRAINT "ticketing_organizers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_params" ADD CONSTRAINT "ticketing_params_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticketing_params" ADD CONSTRAINT "ticketing_params_terms_file_id_stored_files_id_fk" FOREIGN KEY ("terms_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_coupons" ADD CONSTRAINT "order_coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_coupons" ADD CONSTRAINT "order_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_tickets" ADD CONSTRAINT "coupon_tickets_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_tickets" ADD CONSTRAINT "coupon_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_tickets" ADD CONSTRAINT "discount_tickets_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_tickets" ADD CONSTRAINT "discount_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_option_links" ADD CONSTRAINT "ticket_option_links_option_id_tickets_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_option_links" ADD CONSTRAINT "ticket_option_links_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulated_refunds" ADD CONSTRAINT "simulated_refunds_payment_id_simulated_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."simulated_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_coupons_coupon" ON "order_coupons" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "order_payments_order" ON "order_payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_refunds_order" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_refunds_pending" ON "order_refunds" USING btree ("created_at") WHERE "order_refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "coupon_tickets_ticket" ON "coupon_tickets" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_event_code_unique" ON "coupons" USING btree ("event_id",lower("code"));--> statement-breakpoint
CREATE INDEX "discount_tickets_ticket" ON "discount_tickets" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "discounts_event" ON "discounts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "ticket_option_links_ticket" ON "ticket_option_links" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment" ON "payment_events" USING btree ("provider_payment_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_payments_client_secret_unique" ON "simulated_payments" USING btree ("client_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_payments_idempotency_key_unique" ON "simulated_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "simulated_payments_order" ON "simulated_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_refunds_idempotency_key_unique" ON "simulated_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "simulated_refunds_payment" ON "simulated_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_token_unique" ON "orders" USING btree ("cart_token");