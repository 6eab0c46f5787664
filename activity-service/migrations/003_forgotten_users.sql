-- Users whose accounts were deleted: their events keep no user id. Events of
-- such a user stored after the deletion (still queued in a gateway, or
-- replayed from the spool) lose it at the next sweep. Kept for a while, then
-- pruned (see src/use-cases/user-data.ts).
CREATE TABLE forgotten_users (
  user_id uuid PRIMARY KEY,
  forgotten_at timestamptz NOT NULL DEFAULT now()
);

-- The frequent sweep reads only the recently forgotten.
CREATE INDEX forgotten_users_forgotten_at ON forgotten_users (forgotten_at);
