ALTER TABLE "notifications" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_brand_id_created_at_index" ON "notifications" USING btree ("brand_id","created_at");--> statement-breakpoint
-- Existing notifications about a brand's work get their brand, and the brand's owner as their
-- owner (a task's notification was stored under whoever started the task): an audit's through the
-- audit, a weekly "what changed" through its comparison, a task's through the brand or the
-- competitor its task names.
UPDATE "notifications" AS "n"
SET "brand_id" = "b"."id", "user_id" = "b"."user_id"
FROM "audits" AS "a"
JOIN "brands" AS "b" ON "b"."id" = "a"."brand_id"
WHERE "n"."kind" IN ('audit-completed', 'audit-failed') AND "a"."id" = "n"."subject_id";
--> statement-breakpoint
UPDATE "notifications" AS "n"
SET "brand_id" = "b"."id", "user_id" = "b"."user_id"
FROM "competitor_ad_changes" AS "c"
JOIN "brands" AS "b" ON "b"."id" = "c"."brand_id"
WHERE "n"."kind" = 'competitor-ad-changes' AND "c"."id" = "n"."subject_id";
--> statement-breakpoint
UPDATE "notifications" AS "n"
SET "brand_id" = "b"."id", "user_id" = "b"."user_id"
FROM "task_progress" AS "t"
JOIN "brands" AS "b" ON "b"."id" = "t"."subject_id"
WHERE "t"."id" = "n"."subject_id"
  AND "t"."kind" IN ('discovery:insights', 'import:insights-csv', 'ad-discovery:brand')
  AND "n"."kind" LIKE "t"."kind" || ':%';
--> statement-breakpoint
UPDATE "notifications" AS "n"
SET "brand_id" = "b"."id", "user_id" = "b"."user_id"
FROM "task_progress" AS "t"
JOIN "competitors" AS "c" ON "c"."id" = "t"."subject_id"
JOIN "brands" AS "b" ON "b"."id" = "c"."brand_id"
WHERE "t"."id" = "n"."subject_id"
  AND "t"."kind" IN ('discovery:competitor-insights', 'ad-discovery:competitor', 'tiktok-discovery:competitor')
  AND "n"."kind" LIKE "t"."kind" || ':%';
--> statement-breakpoint
-- What is left without a brand was about a brand that is gone (deleted with its audits,
-- competitors and comparisons): a new brand's notifications go with it, so these go too. Only a
-- data export's notification is about a person alone and stays theirs.
DELETE FROM "notifications" WHERE "brand_id" IS NULL AND "kind" NOT LIKE 'account-export:%';
