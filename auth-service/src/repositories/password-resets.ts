import type { SqlExecutor } from '@evalplan/common/db';

/** What a presented reset token's row says. */
export interface ResetTokenState {
  userId: string;
  used: boolean;
  expired: boolean;
}

interface StateRow {
  user_id: string;
  used: boolean;
  expired: boolean;
}

const STATE_COLUMNS = 'user_id, used_at IS NOT NULL AS used, expires_at <= clock_timestamp() AS expired';

const toState = (row: StateRow | undefined): ResetTokenState | undefined =>
  row && { userId: row.user_id, used: row.used, expired: row.expired };

/** SQL for password_resets: tokens live here only as their SHA-256; times come from the database clock. */
export const passwordResetsRepository = {
  /** Stores a new token for the user and deletes the user's earlier ones: only the newest link works. */
  async replaceForUser(db: SqlExecutor, token: { userId: string; hash: Buffer; ttlMs: number }): Promise<void> {
    await db.query('DELETE FROM password_resets WHERE user_id = $1', [token.userId]);
    await db.query(
      `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
       VALUES ($1, $2, clock_timestamp(), clock_timestamp() + $3 * interval '1 millisecond')`,
      [token.hash, token.userId, token.ttlMs],
    );
  },

  /** The token's state without a lock: a quick answer for a link that cannot work. */
  async find(db: SqlExecutor, hash: Buffer): Promise<ResetTokenState | undefined> {
    const result = await db.query<StateRow>(`SELECT ${STATE_COLUMNS} FROM password_resets WHERE token_hash = $1`, [hash]);
    return toState(result.rows[0]);
  },

  /** The token's state, locked until the transaction ends, so two confirmations of one token queue. */
  async lock(db: SqlExecutor, hash: Buffer): Promise<ResetTokenState | undefined> {
    const result = await db.query<StateRow>(`SELECT ${STATE_COLUMNS} FROM password_resets WHERE token_hash = $1 FOR UPDATE`, [hash]);
    return toState(result.rows[0]);
  },

  /** Marks every unused token of the user used (the one presented and any other). */
  async markAllUsed(db: SqlExecutor, userId: string): Promise<void> {
    await db.query('UPDATE password_resets SET used_at = clock_timestamp() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  },

  /** Deletes up to `limit` tokens that expired more than a day ago; how many it deleted. */
  async purgeExpired(db: SqlExecutor, limit: number): Promise<number> {
    const result = await db.query(
      `DELETE FROM password_resets WHERE token_hash IN (
         SELECT token_hash FROM password_resets WHERE expires_at < clock_timestamp() - interval '1 day' LIMIT $1)`,
      [limit],
    );
    return result.rowCount ?? 0;
  },
};
