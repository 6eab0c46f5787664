-- A sign-in (refresh family) ends at the latest REFRESH_ABSOLUTE_TTL after it
-- began; each refresh moves expires_at to REFRESH_IDLE_TTL from then, never
-- past this column. Before, every refresh slid expires_at 30 days on.
ALTER TABLE refresh_families ADD COLUMN absolute_expires_at timestamptz;

-- Sign-ins that exist now end at their current expiry at the latest: no one
-- is signed out by the upgrade, none lasts longer than the previous
-- REFRESH_TOKEN_TTL from its last use, and a migration cannot know the
-- configured lifetime. (created_at plus the lifetime would end at once every
-- sign-in kept alive longer than that, however recently it was used.)
UPDATE refresh_families SET absolute_expires_at = expires_at;

-- Left nullable: the previous release, still running during a rolling
-- upgrade, inserts families without it (and adopts orphan tokens into new
-- rows). The service then counts such a family's absolute end from its
-- created_at with the configured REFRESH_ABSOLUTE_TTL.
