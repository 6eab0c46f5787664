-- Refresh tokens, stored only as the SHA-256 of the opaque token. Every login
-- starts a family; each refresh marks the presented token rotated and adds
-- its successor to the same family, so reuse of a rotated token can revoke
-- the whole family.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id uuid NOT NULL,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- When this token was exchanged for its successor.
  rotated_at timestamptz,
  -- When it stopped being usable for any other reason (logout, theft).
  revoked_at timestamptz
);

CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
CREATE INDEX refresh_tokens_expires_at ON refresh_tokens (expires_at);
