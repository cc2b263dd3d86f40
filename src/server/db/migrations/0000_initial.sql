CREATE TABLE "action_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"audit_id" uuid,
	"title" varchar(300) NOT NULL,
	"description" text,
	"category" varchar(100) NOT NULL,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ai_generated" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_id" uuid NOT NULL,
	"pdf_url" text,
	"shareable_token" varchar(64) NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"max_downloads" integer DEFAULT -1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_reports_audit_id_unique" UNIQUE("audit_id"),
	CONSTRAINT "audit_reports_shareable_token_unique" UNIQUE("shareable_token")
);
--> statement-breakpoint
CREATE TABLE "audits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"overall_score" integer DEFAULT 0 NOT NULL,
	"website_score" integer,
	"social_media_score" integer,
	"brand_assets_score" integer,
	"analysis" jsonb,
	"strengths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weaknesses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"progress_stage" varchar(100),
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"written_by" text DEFAULT 'local' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketing_recommendations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shareable_token" varchar(64) NOT NULL,
	"pdf_url" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"executive_summary" text DEFAULT '' NOT NULL,
	"key_findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quick_wins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marketing_strategies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"competitive_advantage" text DEFAULT '' NOT NULL,
	"long_term_goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"written_by" text DEFAULT 'local' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_recommendations_audit_id_unique" UNIQUE("audit_id"),
	CONSTRAINT "marketing_recommendations_shareable_token_unique" UNIQUE("shareable_token")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'gbp' NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_intent_id" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_payment_intent_id_unique" UNIQUE("provider_payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" varchar(255),
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" varchar(200) NOT NULL,
	"website_url" text,
	"instagram_handle" varchar(100),
	"twitter_handle" varchar(100),
	"linkedin_handle" varchar(200),
	"tiktok_handle" varchar(100),
	"facebook_handle" varchar(200),
	"logo_url" text,
	"colour_palette" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fonts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"storage_key" varchar(100) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"size" bigint NOT NULL,
	"mimetype" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "ad_library_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competitor_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"ad_id" varchar(200),
	"ad_title" text,
	"ad_text" text,
	"image_url" text,
	"video_url" text,
	"landing_page_url" text,
	"ad_type" text,
	"campaign_objective" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"first_seen_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"impressions" varchar(50),
	"spend" varchar(50),
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_library_entries_source_ad" UNIQUE("competitor_id","platform","ad_id")
);
--> statement-breakpoint
CREATE TABLE "competitor_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"report_period" text DEFAULT 'monthly' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"total_ads_analysed" integer DEFAULT 0 NOT NULL,
	"top_competitors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ad_trends" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recommendations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key_findings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"advertising_intelligence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" varchar(200) NOT NULL,
	"website" text,
	"description" text,
	"industry" varchar(100),
	"size" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumer_insights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"competitor_id" uuid,
	"source" text DEFAULT 'feedback' NOT NULL,
	"platform" varchar(100),
	"content" text NOT NULL,
	"sentiment" text,
	"sentiment_score" integer,
	"confidence" real,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emotions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_name" varchar(200),
	"author_handle" varchar(200),
	"engagement_metrics" jsonb,
	"relevance_score" real DEFAULT 1 NOT NULL,
	"is_relevant" boolean DEFAULT true NOT NULL,
	"flagged_by" uuid,
	"flagged_at" timestamp with time zone,
	"source_url" text,
	"external_id" varchar(500),
	"collected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sentiment_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"report_period" text DEFAULT 'monthly' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"overall_sentiment" real NOT NULL,
	"positive_percentage" real NOT NULL,
	"neutral_percentage" real NOT NULL,
	"negative_percentage" real NOT NULL,
	"total_mentions" integer NOT NULL,
	"trend_direction" text DEFAULT 'neutral' NOT NULL,
	"top_topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"top_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"insights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_id" uuid,
	"name" varchar(200) NOT NULL,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"day_of_week" integer,
	"day_of_month" integer,
	"time_of_day" varchar(5) DEFAULT '09:00' NOT NULL,
	"timezone" varchar(64) DEFAULT 'Europe/London' NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"include_modules" jsonb DEFAULT '{"brandAudit":true,"consumerInsights":true,"competitorTracking":true}'::jsonb NOT NULL,
	"run_fresh_analysis" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"white_label" boolean DEFAULT false NOT NULL,
	"last_sent" timestamp with time zone,
	"next_scheduled" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipients" jsonb NOT NULL,
	"subject" text NOT NULL,
	"eml_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" varchar(200) NOT NULL,
	"email" varchar(320) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"message" text NOT NULL,
	"priority" varchar(10) DEFAULT 'normal' NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(50) NOT NULL,
	"subject_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" varchar(200),
	"percent" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "white_label_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_name" varchar(200) NOT NULL,
	"company_logo" text,
	"primary_color" varchar(20) DEFAULT '#000000' NOT NULL,
	"secondary_color" varchar(20) DEFAULT '#666666' NOT NULL,
	"header_text" text,
	"footer_text" text,
	"contact_email" varchar(320),
	"contact_phone" varchar(50),
	"website" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "white_label_settings_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "agency_team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_user_id" uuid NOT NULL,
	"member_email" varchar(320) NOT NULL,
	"role" varchar(20) DEFAULT 'member' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_team_members_agency_email" UNIQUE("agency_user_id","member_email")
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_provider_subject" UNIQUE("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(320) NOT NULL,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"profile_image_url" text,
	"plan_type" text DEFAULT 'free' NOT NULL,
	"max_brands" integer DEFAULT 1 NOT NULL,
	"stripe_customer_id" varchar(255),
	"stripe_subscription_id" varchar(255),
	"starter_purchase_date" timestamp with time zone,
	"starter_usage_count" integer DEFAULT 0 NOT NULL,
	"notify_email_reports" boolean DEFAULT true NOT NULL,
	"notify_audit_complete" boolean DEFAULT true NOT NULL,
	"notify_weekly_digest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_reports" ADD CONSTRAINT "audit_reports_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_recommendations" ADD CONSTRAINT "marketing_recommendations_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_recommendations" ADD CONSTRAINT "marketing_recommendations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_recommendations" ADD CONSTRAINT "marketing_recommendations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD CONSTRAINT "ad_library_entries_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_reports" ADD CONSTRAINT "competitor_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_reports" ADD CONSTRAINT "competitor_reports_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD CONSTRAINT "consumer_insights_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD CONSTRAINT "consumer_insights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD CONSTRAINT "consumer_insights_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD CONSTRAINT "consumer_insights_flagged_by_users_id_fk" FOREIGN KEY ("flagged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentiment_reports" ADD CONSTRAINT "sentiment_reports_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentiment_reports" ADD CONSTRAINT "sentiment_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_reports" ADD CONSTRAINT "email_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_reports" ADD CONSTRAINT "email_reports_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_progress" ADD CONSTRAINT "task_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_settings" ADD CONSTRAINT "white_label_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_team_members" ADD CONSTRAINT "agency_team_members_agency_user_id_users_id_fk" FOREIGN KEY ("agency_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_items_user_id_status_index" ON "action_items" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "action_items_brand_id_index" ON "action_items" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "audits_user_id_index" ON "audits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audits_brand_id_created_at_index" ON "audits" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "marketing_recommendations_user_id_index" ON "marketing_recommendations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "marketing_recommendations_brand_id_index" ON "marketing_recommendations" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "payments_user_id_index" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_id_index" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "brands_user_id_index" ON "brands" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploaded_files_user_id_index" ON "uploaded_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ad_library_entries_competitor_id_index" ON "ad_library_entries" USING btree ("competitor_id");--> statement-breakpoint
CREATE INDEX "competitor_reports_brand_id_created_at_index" ON "competitor_reports" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "competitor_reports_user_id_index" ON "competitor_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "competitors_user_id_index" ON "competitors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "competitors_brand_id_index" ON "competitors" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "consumer_insights_brand_id_created_at_index" ON "consumer_insights" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "consumer_insights_user_id_index" ON "consumer_insights" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "consumer_insights_competitor_id_index" ON "consumer_insights" USING btree ("competitor_id");--> statement-breakpoint
CREATE INDEX "sentiment_reports_brand_id_created_at_index" ON "sentiment_reports" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "sentiment_reports_user_id_index" ON "sentiment_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_reports_user_id_index" ON "email_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_reports_is_active_next_scheduled_index" ON "email_reports" USING btree ("is_active","next_scheduled");--> statement-breakpoint
CREATE INDEX "support_messages_status_created_at_index" ON "support_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "support_messages_user_id_index" ON "support_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "task_progress_user_id_kind_created_at_index" ON "task_progress" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "agency_team_members_member_email_index" ON "agency_team_members" USING btree ("member_email");--> statement-breakpoint
CREATE INDEX "api_tokens_user_id_index" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "user_identities_user_id_index" ON "user_identities" USING btree ("user_id");