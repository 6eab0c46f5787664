import type { SqlExecutor } from '@evalplan/common/db';

/** A refresh token row, locked for the exchange (its state is what domain/refresh-rotation decides on). */
export interface LockedRefreshToken {
  id: string;
  userId: string;
  familyId: string;
  expired: boolean;
  revoked: boolean;
  /** Milliseconds since it was exchanged for its successor; null if it never was. */
  rotatedMsAgo: number | null;
}

interface LockedRow {
  id: string;
  user_id: string;
  family_id: string;
  expired: boolean;
  revoked: boolean;
  rotated_ms_ago: number | null;
}

/**
 * SQL for refresh tokens. Times come from the database clock
 * (clock_timestamp, not the transaction's start), so the reuse grace is
 * measured on one clock however many replicas there are.
 */
export const refreshTokensRepository = {
  async insert(db: SqlExecutor, token: { id: string; userId: string; familyId: string; hash: Buffer; ttlMs: number }): Promise<void> {
    await db.query(
      `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, clock_timestamp(), clock_timestamp() + $5 * interval '1 millisecond')`,
      [token.id, token.userId, token.familyId, token.hash, token.ttlMs],
    );
  },

  /** The token with this hash, locked until the transaction ends, so concurrent refreshes queue. */
  async lockByHash(db: SqlExecutor, hash: Buffer): Promise<LockedRefreshToken | undefined> {
    const result = await db.query<LockedRow>(
      `SELECT id, user_id, family_id,
              expires_at <= clock_timestamp() AS expired,
              revoked_at IS NOT NULL AS revoked,
              (extract(epoch FROM clock_timestamp() - rotated_at) * 1000)::float8 AS rotated_ms_ago
         FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [hash],
    );
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      id: row.id,
      userId: row.user_id,
      familyId: row.family_id,
      expired: row.expired,
      revoked: row.revoked,
      rotatedMsAgo: row.rotated_ms_ago === null ? null : Number(row.rotated_ms_ago),
    };
  },

  /**
   * Serialises every change to one family until the transaction ends. Each
   * statement after it sees what the previous holder committed (READ
   * COMMITTED), including a successor token it inserted.
   */
  async lockFamily(db: SqlExecutor, familyId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('refresh-family:' || $1::text, 0))`, [familyId]);
  },

  async markRotated(db: SqlExecutor, id: string): Promise<void> {
    await db.query('UPDATE refresh_tokens SET rotated_at = clock_timestamp() WHERE id = $1', [id]);
  },

  async revokeFamily(db: SqlExecutor, familyId: string): Promise<number> {
    const result = await db.query('UPDATE refresh_tokens SET revoked_at = clock_timestamp() WHERE family_id = $1 AND revoked_at IS NULL', [
      familyId,
    ]);
    return result.rowCount ?? 0;
  },

  async familyOfHash(db: SqlExecutor, hash: Buffer): Promise<string | undefined> {
    const result = await db.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [hash]);
    return result.rows[0]?.family_id;
  },

  /** Deletes up to `batchSize` expired tokens; returns how many went. */
  async purgeExpired(db: SqlExecutor, batchSize: number): Promise<number> {
    const result = await db.query(
      `DELETE FROM refresh_tokens WHERE id IN (
         SELECT id FROM refresh_tokens WHERE expires_at < clock_timestamp() LIMIT $1
       )`,
      [batchSize],
    );
    return result.rowCount ?? 0;
  },
};
