CREATE TABLE "competitor_ad_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competitor_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"week" varchar(10),
	"since" timestamp with time zone NOT NULL,
	"compared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_ad_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stopped_ad_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"new_messages" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tiktok_api_usage" (
	"day" varchar(10) PRIMARY KEY NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "reach_as_stated" varchar(50);--> statement-breakpoint
ALTER TABLE "competitors" ADD COLUMN "tiktok_business_id" varchar(40);--> statement-breakpoint
ALTER TABLE "competitors" ADD COLUMN "tiktok_business_name" varchar(300);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_competitor_changes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "competitor_ad_changes" ADD CONSTRAINT "competitor_ad_changes_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_ad_changes" ADD CONSTRAINT "competitor_ad_changes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_ad_changes" ADD CONSTRAINT "competitor_ad_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_ad_changes_competitor_id_compared_at_index" ON "competitor_ad_changes" USING btree ("competitor_id","compared_at");--> statement-breakpoint
CREATE INDEX "competitor_ad_changes_user_id_index" ON "competitor_ad_changes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competitor_ad_changes_one_per_week" ON "competitor_ad_changes" USING btree ("competitor_id","week");--> statement-breakpoint
CREATE UNIQUE INDEX "task_progress_one_tiktok_discovery_per_user" ON "task_progress" USING btree ("user_id") WHERE "task_progress"."kind" like 'tiktok-discovery:%' and "task_progress"."status" in ('queued', 'running');