ALTER TABLE "campaigns" ADD COLUMN "select_all" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "unselected_guest_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;