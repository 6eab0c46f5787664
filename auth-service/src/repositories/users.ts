import type { SqlExecutor } from '@evalplan/common/db';
import { type UserRecord, type UserWithPassword, withoutPassword } from '../domain/users';

interface UserRow {
  id: string;
  email: string;
  created_at: Date;
  password_hash: string;
}

const toUser = (row: UserRow): UserWithPassword => ({
  id: row.id,
  email: row.email,
  createdAt: row.created_at,
  passwordHash: row.password_hash,
});

/** An address's key as migration 006's unique index computes it; the service's keys (normaliseEmail) are equal to it. */
const EMAIL_KEY = 'normalize(lower(email), NFC)';

/**
 * SQL for the users table. Addresses arrive as their key: trimmed,
 * lower-cased and NFC (normaliseEmail), which is how new accounts store them.
 */
export const usersRepository = {
  /**
   * The account of an address. Accounts made before migration 006 whose
   * addresses differ only by normalisation are all kept: the one spelled
   * exactly as typed wins, otherwise the oldest (rank 0).
   */
  async findByEmail(db: SqlExecutor, email: string, asTyped: string = email): Promise<UserWithPassword | undefined> {
    const result = await db.query<UserRow>(
      `SELECT id, email, created_at, password_hash FROM users
        WHERE ${EMAIL_KEY} = $1
        ORDER BY lower(email) = $2 DESC, email_duplicate_rank
        LIMIT 1`,
      [email, asTyped],
    );
    return result.rows[0] && toUser(result.rows[0]);
  },

  /** With the hash, for checking the current password (password change). */
  async findWithPasswordById(db: SqlExecutor, id: string): Promise<UserWithPassword | undefined> {
    const result = await db.query<UserRow>('SELECT id, email, created_at, password_hash FROM users WHERE id = $1', [id]);
    return result.rows[0] && toUser(result.rows[0]);
  },

  async findById(db: SqlExecutor, id: string): Promise<UserRecord | undefined> {
    const result = await db.query<Omit<UserRow, 'password_hash'>>('SELECT id, email, created_at FROM users WHERE id = $1', [id]);
    const row = result.rows[0];
    return row && { id: row.id, email: row.email, createdAt: row.created_at };
  },

  async emailTaken(db: SqlExecutor, email: string): Promise<boolean> {
    const result = await db.query(`SELECT 1 FROM users WHERE ${EMAIL_KEY} = $1 LIMIT 1`, [email]);
    return (result.rowCount ?? 0) > 0;
  },

  async updatePasswordHash(db: SqlExecutor, id: string, passwordHash: string): Promise<void> {
    await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
  },

  /**
   * Whether the account still exists, holding it until the transaction ends
   * so a sign-in started in it cannot race the account's deletion: the
   * deletion waits for this commit (and takes the new family with the row),
   * or it committed first and the account is reported gone.
   */
  async holdForSignIn(db: SqlExecutor, id: string): Promise<boolean> {
    const result = await db.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [id]);
    return (result.rowCount ?? 0) > 0;
  },

  /** Deletes the account; its refresh tokens, families and reset tokens go with it (ON DELETE CASCADE). */
  async deleteById(db: SqlExecutor, id: string): Promise<void> {
    await db.query('DELETE FROM users WHERE id = $1', [id]);
  },

  /**
   * The new user, or undefined when the address is taken: by an account of
   * any rank (NOT EXISTS; ranked rows are never written again), or meanwhile
   * by another registration (the unique indexes decide races).
   */
  async insert(db: SqlExecutor, user: { id: string; email: string; passwordHash: string }): Promise<UserRecord | undefined> {
    const result = await db.query<UserRow>(
      `INSERT INTO users (id, email, password_hash)
       SELECT $1::uuid, $2::text, $3::text
        WHERE NOT EXISTS (SELECT 1 FROM users WHERE ${EMAIL_KEY} = $2::text)
       ON CONFLICT DO NOTHING
       RETURNING id, email, created_at, password_hash`,
      [user.id, user.email, user.passwordHash],
    );
    return result.rows[0] && withoutPassword(toUser(result.rows[0]));
  },
};
