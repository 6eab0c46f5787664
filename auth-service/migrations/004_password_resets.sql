-- Password-reset tokens, stored only as the SHA-256 of the token the e-mail
-- carries. A token works once (used_at) and until expires_at; asking for a
-- new one deletes the person's earlier ones, so only the newest link works.
CREATE TABLE password_resets (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX password_resets_user ON password_resets (user_id);
CREATE INDEX password_resets_expires_at ON password_resets (expires_at);
