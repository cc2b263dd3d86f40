CREATE TABLE "mention_discovery_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" varchar(10) NOT NULL,
	"task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mention_source_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"competitor_id" uuid,
	"kind" varchar(40) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"hashtags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"apple_app_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_items" integer,
	"last_added" integer,
	"last_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_mention_spikes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mention_discovery_runs" ADD CONSTRAINT "mention_discovery_runs_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_discovery_runs" ADD CONSTRAINT "mention_discovery_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_source_settings" ADD CONSTRAINT "mention_source_settings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_source_settings" ADD CONSTRAINT "mention_source_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_source_settings" ADD CONSTRAINT "mention_source_settings_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mention_discovery_runs_brand_id_day_index" ON "mention_discovery_runs" USING btree ("brand_id","day");--> statement-breakpoint
CREATE INDEX "mention_discovery_runs_user_id_index" ON "mention_discovery_runs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mention_source_settings_subject_kind" ON "mention_source_settings" USING btree ("brand_id",coalesce("competitor_id", '00000000-0000-0000-0000-000000000000'::uuid),"kind");--> statement-breakpoint
CREATE INDEX "mention_source_settings_user_id_index" ON "mention_source_settings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mention_source_settings_competitor_id_index" ON "mention_source_settings" USING btree ("competitor_id");