CREATE TABLE "competitor_page_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competitor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"page_kind" text NOT NULL,
	"status" text NOT NULL,
	"content" text,
	"content_hash" varchar(64),
	"error" text,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "ad_market" varchar(2) DEFAULT 'GB' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "user_id" uuid;--> statement-breakpoint
-- Ads stored before this column existed belong to their competitor's owner.
UPDATE "ad_library_entries" SET "user_id" = "competitors"."user_id" FROM "competitors" WHERE "competitors"."id" = "ad_library_entries"."competitor_id";--> statement-breakpoint
ALTER TABLE "ad_library_entries" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "spend_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "reach" integer;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "page_id" varchar(40);--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "page_name" varchar(300);--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "snapshot_url" text;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "publisher_platforms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "targeting" jsonb;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "landing_page_title" text;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "landing_page_cta" varchar(200);--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "landing_page_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "competitor_reports" ADD COLUMN "written_by" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "competitors" ADD COLUMN "facebook_page_id" varchar(40);--> statement-breakpoint
ALTER TABLE "insight_sources" ADD COLUMN "competitor_id" uuid;--> statement-breakpoint
ALTER TABLE "competitor_page_snapshots" ADD CONSTRAINT "competitor_page_snapshots_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_page_snapshots" ADD CONSTRAINT "competitor_page_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_page_snapshots_competitor_id_page_kind_captured_at_index" ON "competitor_page_snapshots" USING btree ("competitor_id","page_kind","captured_at");--> statement-breakpoint
CREATE INDEX "competitor_page_snapshots_user_id_index" ON "competitor_page_snapshots" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD CONSTRAINT "ad_library_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_sources" ADD CONSTRAINT "insight_sources_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_library_entries_user_id_index" ON "ad_library_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "insight_sources_competitor_id_index" ON "insight_sources" USING btree ("competitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_progress_one_ad_discovery_per_user" ON "task_progress" USING btree ("user_id") WHERE "task_progress"."kind" like 'ad-discovery:%' and "task_progress"."status" in ('queued', 'running');