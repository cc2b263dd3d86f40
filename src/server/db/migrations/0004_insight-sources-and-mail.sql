CREATE TABLE "insight_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"title" varchar(300),
	"status" text DEFAULT 'active' NOT NULL,
	"last_error" text,
	"last_checked_at" timestamp with time zone,
	"items_added" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_sources_brand_id_kind_url_unique" UNIQUE("brand_id","kind","url")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "subject" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "eml_path" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD COLUMN "dedupe_key" varchar(128);--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD COLUMN "rating" real;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD COLUMN "analysed_by" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "idempotency_key" varchar(200) NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "kind" varchar(60) NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "transport" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "message_id" varchar(300);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insight_sources" ADD CONSTRAINT "insight_sources_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_sources" ADD CONSTRAINT "insight_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_sources_user_id_index" ON "insight_sources" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD CONSTRAINT "consumer_insights_source_id_insight_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."insight_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consumer_insights_source_id_index" ON "consumer_insights" USING btree ("source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consumer_insights_brand_dedupe_key" ON "consumer_insights" USING btree ("brand_id","dedupe_key") WHERE "consumer_insights"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "outbox_messages_user_id_index" ON "outbox_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_at_index" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_progress_one_discovery_per_user" ON "task_progress" USING btree ("user_id") WHERE "task_progress"."kind" like 'discovery:%' and "task_progress"."status" in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_idempotency_key_unique" UNIQUE("idempotency_key");