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
  /** Milliseconds until it expires (negative once it has). */
  expiresInMs: number;
  /** Its successor, sealed (see successor-seal.ts), while the reuse grace keeps it. */
  successorSealed: Buffer | null;
}

interface LockedRow {
  id: string;
  user_id: string;
  family_id: string;
  expired: boolean;
  revoked: boolean;
  rotated_ms_ago: number | null;
  expires_in_ms: number;
  successor_sealed: Buffer | null;
}

/**
 * SQL for refresh tokens. Times come from the database clock
 * (clock_timestamp, not the transaction's start), so the reuse grace is
 * measured on one clock however many replicas there are.
 */
export const refreshTokensRepository = {
  /** A new token of a family; it expires when the family does (a refresh issues its successor with the family's new end). */
  async insert(db: SqlExecutor, token: { id: string; userId: string; familyId: string; hash: Buffer }): Promise<void> {
    await db.query(
      `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, clock_timestamp(), (SELECT expires_at FROM refresh_families WHERE id = $3))`,
      [token.id, token.userId, token.familyId, token.hash],
    );
  },

  /** The token with this hash, locked until the transaction ends, so concurrent refreshes queue. */
  async lockByHash(db: SqlExecutor, hash: Buffer): Promise<LockedRefreshToken | undefined> {
    const result = await db.query<LockedRow>(
      `SELECT id, user_id, family_id,
              expires_at <= clock_timestamp() AS expired,
              revoked_at IS NOT NULL AS revoked,
              (extract(epoch FROM clock_timestamp() - rotated_at) * 1000)::float8 AS rotated_ms_ago,
              (extract(epoch FROM expires_at - clock_timestamp()) * 1000)::float8 AS expires_in_ms,
              successor_sealed
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
      expiresInMs: Number(row.expires_in_ms),
      successorSealed: row.successor_sealed === null ? null : Buffer.from(row.successor_sealed),
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

  /** Marks the token exchanged, keeping its successor sealed for the reuse grace. */
  async markRotated(db: SqlExecutor, id: string, successorSealed: Buffer): Promise<void> {
    await db.query('UPDATE refresh_tokens SET rotated_at = clock_timestamp(), successor_sealed = $2 WHERE id = $1', [id, successorSealed]);
  },

  /**
   * Revokes every token of the user's revoked families (and drops their kept
   * successors). Run as its own statement after the families were marked, so
   * it sees a successor a refresh committed while the marking waited for it.
   */
  async revokeTokensOfRevokedFamilies(db: SqlExecutor, userId: string): Promise<number> {
    const result = await db.query(
      `UPDATE refresh_tokens SET revoked_at = clock_timestamp(), successor_sealed = NULL
        WHERE user_id = $1 AND revoked_at IS NULL
          AND family_id IN (SELECT id FROM refresh_families WHERE user_id = $1 AND revoked_at IS NOT NULL)`,
      [userId],
    );
    return result.rowCount ?? 0;
  },

  /** The family and user of the token with this hash. */
  async familyOfHash(db: SqlExecutor, hash: Buffer): Promise<{ familyId: string; userId: string } | undefined> {
    const result = await db.query<{ family_id: string; user_id: string }>(
      'SELECT family_id, user_id FROM refresh_tokens WHERE token_hash = $1',
      [hash],
    );
    const row = result.rows[0];
    return row && { familyId: row.family_id, userId: row.user_id };
  },

  /** Forgets successors kept longer than the grace (they are never handed out after it anyway). */
  async forgetSuccessorsOlderThan(db: SqlExecutor, graceMs: number): Promise<number> {
    const result = await db.query(
      `UPDATE refresh_tokens SET successor_sealed = NULL
        WHERE successor_sealed IS NOT NULL AND rotated_at < clock_timestamp() - $1 * interval '1 millisecond'`,
      [graceMs],
    );
    return result.rowCount ?? 0;
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
