-- Meta's ad_snapshot_url carries the API caller's access token in its query string, and discovery
-- stored it as sent. Every Meta ad now links to its public Ad Library page, built from its archive
-- id; any other value (there were none but Meta's) is cleared rather than kept with a credential.
UPDATE "ad_library_entries"
SET "snapshot_url" = CASE
  WHEN "source" = 'meta' AND "ad_id" ~ '^[A-Za-z0-9_-]+$'
    THEN 'https://www.facebook.com/ads/library/?id=' || "ad_id"
  ELSE NULL
END
WHERE "snapshot_url" IS NOT NULL;
