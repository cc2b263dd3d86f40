ALTER TABLE "brands" ADD COLUMN "ad_markets" jsonb DEFAULT '["GB"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "meta_reached_markets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "meta_media_type" text;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "meta_creative_versions" integer;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "meta_reach_breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "ad_library_entries" ADD COLUMN "meta_beneficiary_payers" jsonb;--> statement-breakpoint
UPDATE "brands" SET "ad_markets" = jsonb_build_array("ad_market");
--> statement-breakpoint
ALTER TABLE "competitors" ADD COLUMN "is_own_brand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "competitors_one_own_brand_row" ON "competitors" USING btree ("brand_id") WHERE "competitors"."is_own_brand";
