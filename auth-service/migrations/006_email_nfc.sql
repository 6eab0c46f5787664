-- E-mail addresses are compared as NFC (issue 36, Low 12): the composed and
-- the decomposed spelling of "é" are one address. The service stores new
-- addresses trimmed, lower-cased and NFC, and this index makes the database
-- refuse a second account whose address is the same once both are NFC,
-- whoever writes the row. normalize() needs a UTF8 database (PGlite is one;
-- a PostgreSQL server made with another encoding could not hold addresses in
-- every script anyway).
--
-- Accounts made before whose addresses differ only by normalisation are not
-- merged (nothing says they belong to one person): the oldest keeps rank 0,
-- each later one gets rank 1, 2, ... and stays as it was. It is reached by the
-- exact spelling it was registered with, and the oldest by any other (see
-- usersRepository.findByEmail). Every account made from now on has rank 0,
-- and the service refuses one whose address matches any account's, ranked or
-- not.
ALTER TABLE users ADD COLUMN email_duplicate_rank integer NOT NULL DEFAULT 0;

UPDATE users
   SET email_duplicate_rank = ranked.rank
  FROM (SELECT id, row_number() OVER (PARTITION BY normalize(lower(email), NFC) ORDER BY created_at, id) - 1 AS rank
          FROM users) ranked
 WHERE users.id = ranked.id
   AND ranked.rank > 0;

-- users_email_unique (lower(email)) stays: the previous release's inserts
-- name it in ON CONFLICT during a rolling upgrade.
CREATE UNIQUE INDEX users_email_nfc_unique ON users (normalize(lower(email), NFC), email_duplicate_rank);
