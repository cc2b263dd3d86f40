ALTER TABLE "ad_library_entries" ADD COLUMN "seen_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(last_seen_at, first_seen_at, created_at)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, translate(lower(coalesce(ad_title, '') || ' ' || coalesce(ad_text, '')), 'áàâäãåāăąçćčďéèêëēėęěğíìîïīįıľłñńňóòôöõøōőŕřśšşťúùûüūůűųýÿžźż', 'aaaaaaaaacccdeeeeeeeegiiiiiiillnnnoooooooorrssstuuuuuuuuyyzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD COLUMN "engagement" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD COLUMN "sentiment_corrected_by" uuid;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD COLUMN "sentiment_corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD COLUMN "engine_sentiment" text;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, translate(lower(coalesce(content, '') || ' ' || coalesce(author_name, '') || ' ' || coalesce(author_handle, '')), 'áàâäãåāăąçćčďéèêëēėęěğíìîïīįıľłñńňóòôöõøōőŕřśšşťúùûüūůűųýÿžźż', 'aaaaaaaaacccdeeeeeeeegiiiiiiillnnnoooooooorrssstuuuuuuuuyyzzz'))) STORED;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD CONSTRAINT "consumer_insights_sentiment_corrected_by_users_id_fk" FOREIGN KEY ("sentiment_corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_library_entries_feed" ON "ad_library_entries" USING btree ("competitor_id","seen_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ad_library_entries_search" ON "ad_library_entries" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "consumer_insights_feed" ON "consumer_insights" USING btree ("brand_id","is_relevant","collected_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consumer_insights_feed_sentiment" ON "consumer_insights" USING btree ("brand_id","is_relevant","sentiment","collected_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consumer_insights_feed_subject" ON "consumer_insights" USING btree ("brand_id","is_relevant","competitor_id","collected_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consumer_insights_feed_channel" ON "consumer_insights" USING btree ("brand_id","is_relevant","channel","collected_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consumer_insights_feed_engagement" ON "consumer_insights" USING btree ("brand_id","is_relevant","engagement" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consumer_insights_search" ON "consumer_insights" USING gin ("search_vector");--> statement-breakpoint
-- Rows stored before the column: their engagement as storeInsights' engagementOf counts it (views left out).
UPDATE "consumer_insights" SET "engagement" = (
  SELECT greatest(-2147483647, least(2147483647, floor(coalesce(sum(metric.value::numeric), 0) + 0.5)))::integer
  FROM jsonb_each("consumer_insights"."engagement_metrics") AS metric(name, value)
  WHERE metric.name <> 'views' AND jsonb_typeof(metric.value) = 'number'
) WHERE jsonb_typeof("engagement_metrics") = 'object';
