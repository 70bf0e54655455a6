ALTER TABLE "events" ADD COLUMN "banner_image_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "favicon_image_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "logo_image_id" uuid;