ALTER TABLE "brands" ADD COLUMN "google_place_id" varchar(300);--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "google_place_name" varchar(300);