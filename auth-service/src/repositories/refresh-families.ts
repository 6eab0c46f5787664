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

/**
 * SQL for refresh families (one per sign-in). A family's row lock orders a
 * refresh against a revocation: both take it before any token row.
 */
export const refreshFamiliesRepository = {
  async insert(db: SqlExecutor, family: { id: string; userId: string; ttlMs: number; userAgent: string }): Promise<void> {
    await db.query(
      `INSERT INTO refresh_families (id, user_id, created_at, last_used_at, expires_at, user_agent)
       VALUES ($1, $2, clock_timestamp(), clock_timestamp(), clock_timestamp() + $3 * interval '1 millisecond', $4)`,
      [family.id, family.userId, family.ttlMs, family.userAgent.slice(0, USER_AGENT_MAX)],
    );
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
   * still live (undefined: no such family). A refresh takes it before the
   * token's row, the order a revocation takes them in, so the two queue
   * instead of deadlocking, and whichever comes second sees what the first
   * committed.
   */
  async lock(db: SqlExecutor, id: string): Promise<{ revoked: boolean } | undefined> {
    const result = await db.query<{ revoked: boolean }>(
      'SELECT revoked_at IS NOT NULL AS revoked FROM refresh_families WHERE id = $1 FOR UPDATE',
      [id],
    );
    return result.rows[0];
  },

  /** Records a use (a refresh), extending the expiry to `extendTtlMs` from now when a new token was issued. */
  async touch(db: SqlExecutor, id: string, change: { extendTtlMs: number | null; userAgent: string }): Promise<void> {
    await db.query(
      `UPDATE refresh_families
          SET last_used_at = clock_timestamp(),
              expires_at = CASE WHEN $2::float8 IS NULL THEN expires_at
                                ELSE greatest(expires_at, clock_timestamp() + $2::float8 * interval '1 millisecond') END,
              user_agent = CASE WHEN $3::text = '' THEN user_agent ELSE $3::text END
        WHERE id = $1`,
      [id, change.extendTtlMs, change.userAgent.slice(0, USER_AGENT_MAX)],
    );
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
