ALTER TABLE "mails" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
CREATE INDEX "mails_account_created" ON "mails" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "mails_guest" ON "mails" USING btree ("guest_id");