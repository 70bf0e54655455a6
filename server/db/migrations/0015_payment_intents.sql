ALTER TABLE "order_payments" ALTER COLUMN "provider_payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
-- Payments recorded before: the simulator's own key, else the provider's id (what a payment without our key in its
-- metadata is known by).
UPDATE "order_payments" SET "idempotency_key" = coalesce(
  (SELECT "idempotency_key" FROM "simulated_payments" WHERE "simulated_payments"."id" = "order_payments"."provider_payment_id"),
  "provider_payment_id");--> statement-breakpoint
ALTER TABLE "order_payments" ALTER COLUMN "idempotency_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "order_payments_unsettled" ON "order_payments" USING btree ("updated_at") WHERE "order_payments"."status" <> 'succeeded';--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_idempotency_key_unique" UNIQUE("idempotency_key");
