import type { SqlExecutor } from '@evalplan/common/db';

/** A live sign-in as the session list shows it. */
export interface RefreshFamilyRecord {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  userAgent: string;
}

interface FamilyRow {
  id: string;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  user_agent: string;
}

/** Longer User-Agents are cut: the list only needs enough to describe the client. */
export const USER_AGENT_MAX = 512;

/** How long a sign-in lasts (REFRESH_ABSOLUTE_TTL, REFRESH_IDLE_TTL). */
export interface SignInLifetime {
  /** From the sign-in: refreshes never extend it past this. */
  absoluteMs: number;
  /** From the last use: a sign-in unused this long ends. */
  idleMs: number;
}

/** A touch's new end ($2 idle, $3 absolute, in ms): the idle time from now, never past the absolute end. */
const NEXT_EXPIRY = `least(coalesce(absolute_expires_at, created_at + $3::float8 * interval '1 millisecond'),
                           clock.now_ + $2::float8 * interval '1 millisecond')`;

/** The time left until the family's end, in milliseconds, on the database's clock. */
const EXPIRES_IN_MS = `(extract(epoch FROM refresh_families.expires_at - clock_timestamp()) * 1000)::float8 AS expires_in_ms`;

/**
 * SQL for refresh families (one per sign-in). A family's row lock orders a
 * refresh against a revocation: both take it before any token row.
 */
export const refreshFamiliesRepository = {
  /**
   * Starts a sign-in: it ends `lifetime.absoluteMs` from now at the latest,
   * and `lifetime.idleMs` from now unless it is used. Returns the time left
   * until it ends unused.
   */
  async insert(
    db: SqlExecutor,
    family: { id: string; userId: string; lifetime: SignInLifetime; userAgent: string },
  ): Promise<{ expiresInMs: number }> {
    const result = await db.query<{ expires_in_ms: number }>(
      `INSERT INTO refresh_families (id, user_id, created_at, last_used_at, absolute_expires_at, expires_at, user_agent)
       SELECT $1::uuid, $2::uuid, now_, now_, now_ + $3::float8 * interval '1 millisecond',
              now_ + least($3::float8, $4::float8) * interval '1 millisecond', $5::text
         FROM (SELECT clock_timestamp() AS now_) AS clock
       RETURNING ${EXPIRES_IN_MS}`,
      [family.id, family.userId, family.lifetime.absoluteMs, family.lifetime.idleMs, family.userAgent.slice(0, USER_AGENT_MAX)],
    );
    return { expiresInMs: Number(result.rows[0]!.expires_in_ms) };
  },

  /**
   * Adds the missing family rows of the user's tokens, as migration 003 did
   * for the tokens it found: first issue, last use, latest expiry, revoked
   * only if every token was. The previous release, still running during a
   * rolling upgrade, issues tokens without one. In id order, so two
   * transactions adding the same rows queue instead of deadlocking.
   */
  async adoptOrphanTokens(db: SqlExecutor, userId: string): Promise<void> {
    await db.query(
      `INSERT INTO refresh_families (id, user_id, created_at, last_used_at, expires_at, revoked_at)
       SELECT t.family_id, $1, min(t.created_at), max(t.created_at), max(t.expires_at),
              CASE WHEN bool_and(t.revoked_at IS NOT NULL) THEN max(t.revoked_at) END
         FROM refresh_tokens t
        WHERE t.user_id = $1 AND NOT EXISTS (SELECT 1 FROM refresh_families f WHERE f.id = t.family_id)
        GROUP BY t.family_id
        ORDER BY t.family_id
       ON CONFLICT (id) DO NOTHING`,
      [userId],
    );
  },

  /**
   * Locks the family's row until the transaction ends and says whether it is
   * still live: neither revoked nor past its end (undefined: no such
   * family). A refresh takes it before the token's row, the order a
   * revocation takes them in, so the two queue instead of deadlocking, and
   * whichever comes second sees what the first committed.
   */
  async lock(db: SqlExecutor, id: string): Promise<{ revoked: boolean; expired: boolean } | undefined> {
    const result = await db.query<{ revoked: boolean; expired: boolean }>(
      `SELECT revoked_at IS NOT NULL AS revoked, expires_at <= clock_timestamp() AS expired
         FROM refresh_families WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return result.rows[0];
  },

  /**
   * Records a use (a refresh). With a lifetime (a new token was issued) the
   * sign-in now ends `idleMs` from now unless used again, but never after its
   * absolute end: a family from before that end was stored (the previous
   * release, during a rolling upgrade) ends `absoluteMs` after it began.
   * Returns the time left, or undefined when that end has passed (nothing is
   * changed then).
   */
  async touch(
    db: SqlExecutor,
    id: string,
    change: { lifetime: SignInLifetime | null; userAgent: string },
  ): Promise<{ expiresInMs: number } | undefined> {
    const result = await db.query<{ expires_in_ms: number }>(
      `UPDATE refresh_families
          SET last_used_at = clock.now_,
              expires_at = CASE WHEN $2::float8 IS NULL THEN expires_at ELSE ${NEXT_EXPIRY} END,
              user_agent = CASE WHEN $4::text = '' THEN user_agent ELSE $4::text END
         FROM (SELECT clock_timestamp() AS now_) AS clock
        WHERE id = $1 AND ($2::float8 IS NULL OR ${NEXT_EXPIRY} > clock.now_)
       RETURNING ${EXPIRES_IN_MS}`,
      [id, change.lifetime?.idleMs ?? null, change.lifetime?.absoluteMs ?? null, change.userAgent.slice(0, USER_AGENT_MAX)],
    );
    const row = result.rows[0];
    return row && { expiresInMs: Number(row.expires_in_ms) };
  },

  /** Marks the user's live families revoked (all, `only` one, or all `except` one); returns their ids. */
  async revoke(db: SqlExecutor, userId: string, scope: { only?: string; except?: string }): Promise<string[]> {
    const result = await db.query<{ id: string }>(
      `UPDATE refresh_families SET revoked_at = clock_timestamp()
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > clock_timestamp()
          AND ($2::uuid IS NULL OR id = $2::uuid) AND ($3::uuid IS NULL OR id <> $3::uuid)
        RETURNING id`,
      [userId, scope.only ?? null, scope.except ?? null],
    );
    return result.rows.map((row) => row.id);
  },

  /** The user's live families, most recently used first. */
  async listLive(db: SqlExecutor, userId: string): Promise<RefreshFamilyRecord[]> {
    const result = await db.query<FamilyRow>(
      `SELECT id, created_at, last_used_at, expires_at, user_agent FROM refresh_families
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > clock_timestamp()
        ORDER BY last_used_at DESC, created_at DESC`,
      [userId],
    );
    return result.rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      expiresAt: row.expires_at,
      userAgent: row.user_agent,
    }));
  },

  /** Deletes up to `batchSize` expired families (their tokens, expired too, are purged by their own expiry); returns how many went. */
  async purgeExpired(db: SqlExecutor, batchSize: number): Promise<number> {
    const result = await db.query(
      `DELETE FROM refresh_families WHERE id IN (
         SELECT id FROM refresh_families WHERE expires_at < clock_timestamp() LIMIT $1
       )`,
      [batchSize],
    );
    return result.rowCount ?? 0;
  },
};
