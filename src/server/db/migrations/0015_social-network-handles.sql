ALTER TABLE "brands" ADD COLUMN "bluesky_handle" varchar(253);--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "mastodon_handle" varchar(300);--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "youtube_handle" varchar(100);