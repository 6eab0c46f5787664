-- One row per sign-in (refresh-token family): what the session list shows and
-- what revocation marks. Tokens keep their own revoked_at as well, so a token
-- is refused whichever of the two a check reads.
CREATE TABLE refresh_families (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The last sign-in or refresh.
  last_used_at timestamptz NOT NULL DEFAULT now(),
  -- The expiry of its newest token: past it, nothing of the family works.
  expires_at timestamptz NOT NULL,
  -- The client's User-Agent (at most 512 characters), described in the session list.
  user_agent text NOT NULL DEFAULT '',
  revoked_at timestamptz
);

-- Families of the tokens issued before this table existed.
INSERT INTO refresh_families (id, user_id, created_at, last_used_at, expires_at, revoked_at)
SELECT family_id,
       (array_agg(user_id))[1],
       min(created_at),
       max(created_at),
       max(expires_at),
       CASE WHEN bool_and(revoked_at IS NOT NULL) THEN max(revoked_at) END
  FROM refresh_tokens
 GROUP BY family_id;

CREATE INDEX refresh_families_user ON refresh_families (user_id);
CREATE INDEX refresh_families_expires_at ON refresh_families (expires_at);

-- No foreign key from refresh_tokens.family_id: during a rolling upgrade the
-- previous release still issues tokens without a family row, and the service
-- adds the missing row when it meets such a token (refresh, revocation).
-- Tokens and families are each purged by their own expires_at.

-- The successor of a rotated token, encrypted (see successor-seal.ts), kept
-- only for the reuse grace so a second refresh within it gets the same answer.
ALTER TABLE refresh_tokens ADD COLUMN successor_sealed bytea;
CREATE INDEX refresh_tokens_sealed ON refresh_tokens (rotated_at) WHERE successor_sealed IS NOT NULL;
