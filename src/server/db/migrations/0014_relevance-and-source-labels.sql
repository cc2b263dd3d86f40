ALTER TABLE "brands" ADD COLUMN "relevance_include_terms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "relevance_exclude_terms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "competitors" ADD COLUMN "relevance_include_terms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "competitors" ADD COLUMN "relevance_exclude_terms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD COLUMN "relevance" jsonb;--> statement-breakpoint
ALTER TABLE "consumer_insights" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "insight_sources" ADD COLUMN "category" text;