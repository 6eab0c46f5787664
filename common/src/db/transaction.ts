import type { Connection, Queryable } from './queryable';

/**
 * Runs `work` in one transaction on one pooled connection: committed when it
 * resolves, rolled back when it throws (the error is re-thrown unchanged).
 */
export async function withTransaction<T>(pool: Queryable, work: (client: Connection) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    // Stated, not assumed: the locking in the repositories relies on each
    // statement seeing what was committed before it started.
    await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch {
      // The connection itself failed; do not hand it back to the pool.
      broken = true;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}
