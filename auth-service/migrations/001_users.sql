-- People with an account. E-mail addresses are stored trimmed and lower-cased
-- by the service; the unique index on lower(email) also holds for rows
-- written by anything else.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
