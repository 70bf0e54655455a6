ALTER TABLE "order_items" DROP CONSTRAINT "order_items_holder_guest_id_guests_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_holder_guest_id_guests_id_fk" FOREIGN KEY ("holder_guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;