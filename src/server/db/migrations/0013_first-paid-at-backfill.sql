-- Subscriptions that have been paid before first_paid_at existed: the first payment was taken when
-- the free trial ended, or at the start when there was no trial. A subscription still in its trial
-- (or one that ended during it) has paid nothing and keeps null.
UPDATE "subscriptions"
SET "first_paid_at" = COALESCE("trial_end", "started_at", "created_at")
WHERE "first_paid_at" IS NULL
  AND "confirmed_at" IS NOT NULL
  AND "status" IN ('active', 'past_due')
  AND ("trial_end" IS NULL OR "trial_end" <= now());
