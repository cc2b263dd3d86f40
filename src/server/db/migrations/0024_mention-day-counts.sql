CREATE TABLE "mention_day_counts" (
	"brand_id" uuid NOT NULL,
	"day" date NOT NULL,
	"is_relevant" boolean NOT NULL,
	"competitor_id" uuid,
	"sentiment" text,
	"channel" text,
	"source" text NOT NULL,
	"platform" varchar(100),
	"rated" boolean NOT NULL,
	"mentions" integer NOT NULL,
	CONSTRAINT "mention_day_counts_key" UNIQUE NULLS NOT DISTINCT("brand_id","is_relevant","day","competitor_id","sentiment","channel","source","platform","rated")
);
--> statement-breakpoint
-- The counts follow consumer_insights in the same transaction: each statement's rows taken away
-- (old) and added (new), netted per key, so an update that changes none of the counted columns
-- writes nothing. Keys are written in one order, so concurrent statements lock them in that order.
-- Counts of a brand being deleted are not written: its rows are removed with it (mention_day_counts_of_deleted_brand).
CREATE FUNCTION "mention_day_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "mention_day_counts" AS counted
      SELECT change.*
      FROM (SELECT brand_id, (collected_at AT TIME ZONE 'UTC')::date, is_relevant, competitor_id, sentiment, channel, source, platform, rating IS NOT NULL, count(*)::integer AS mentions FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) AS change
      WHERE change.mentions <> 0 AND EXISTS (SELECT 1 FROM "brands" WHERE "brands"."id" = change.brand_id)
      ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      ON CONFLICT ON CONSTRAINT "mention_day_counts_key"
        DO UPDATE SET "mentions" = counted."mentions" + excluded."mentions";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "mention_day_counts" AS counted
      SELECT change.*
      FROM (SELECT brand_id, (collected_at AT TIME ZONE 'UTC')::date, is_relevant, competitor_id, sentiment, channel, source, platform, rating IS NOT NULL, -count(*)::integer AS mentions FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) AS change
      WHERE change.mentions <> 0 AND EXISTS (SELECT 1 FROM "brands" WHERE "brands"."id" = change.brand_id)
      ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      ON CONFLICT ON CONSTRAINT "mention_day_counts_key"
        DO UPDATE SET "mentions" = counted."mentions" + excluded."mentions";
  ELSE
    INSERT INTO "mention_day_counts" AS counted
      SELECT change.*
      FROM (SELECT brand_id, day, is_relevant, competitor_id, sentiment, channel, source, platform, rated, sum(delta)::integer AS mentions
        FROM (SELECT brand_id, (collected_at AT TIME ZONE 'UTC')::date, is_relevant, competitor_id, sentiment, channel, source, platform, rating IS NOT NULL, -1 FROM old_rows UNION ALL SELECT brand_id, (collected_at AT TIME ZONE 'UTC')::date, is_relevant, competitor_id, sentiment, channel, source, platform, rating IS NOT NULL, 1 FROM new_rows)
          AS moved(brand_id, day, is_relevant, competitor_id, sentiment, channel, source, platform, rated, delta)
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) AS change
      WHERE change.mentions <> 0 AND EXISTS (SELECT 1 FROM "brands" WHERE "brands"."id" = change.brand_id)
      ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      ON CONFLICT ON CONSTRAINT "mention_day_counts_key"
        DO UPDATE SET "mentions" = counted."mentions" + excluded."mentions";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "mention_day_counts_on_insert" AFTER INSERT ON "consumer_insights"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "mention_day_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "mention_day_counts_on_update" AFTER UPDATE ON "consumer_insights"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "mention_day_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "mention_day_counts_on_delete" AFTER DELETE ON "consumer_insights"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "mention_day_counts_follow"();--> statement-breakpoint
CREATE FUNCTION "mention_day_counts_of_deleted_brand"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "mention_day_counts" WHERE "brand_id" = OLD.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "mention_day_counts_on_brand_delete" AFTER DELETE ON "brands"
  FOR EACH ROW EXECUTE FUNCTION "mention_day_counts_of_deleted_brand"();--> statement-breakpoint
-- The mentions stored before this migration.
INSERT INTO "mention_day_counts"
  SELECT brand_id, (collected_at AT TIME ZONE 'UTC')::date, is_relevant, competitor_id, sentiment, channel, source, platform, rating IS NOT NULL, count(*)::integer FROM "consumer_insights" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
