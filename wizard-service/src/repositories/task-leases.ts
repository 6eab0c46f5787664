import type { SqlExecutor } from '@evalplan/common/db';

/** Background work one replica does for all: whoever claims the lease runs it (migration 002 says why a lease). */
export interface TaskLeases {
  /** True when this caller now holds `task` for `forMs` (nobody held it, or the last lease ran out). */
  claim(task: string, forMs: number): Promise<boolean>;
}

// Atomic on its row: of two replicas claiming at once, the second sees the first's lease and gets no row back.
const CLAIM = `INSERT INTO wizard_task_leases (task, held_until) VALUES ($1, now() + $2 * interval '1 millisecond')
               ON CONFLICT (task) DO UPDATE SET held_until = EXCLUDED.held_until
               WHERE wizard_task_leases.held_until <= now()
               RETURNING task`;

export class SqlTaskLeases implements TaskLeases {
  constructor(private readonly db: SqlExecutor) {}

  async claim(task: string, forMs: number): Promise<boolean> {
    const result = await this.db.query({ name: 'task-lease-claim', text: CLAIM, values: [task, forMs] });
    return result.rows.length > 0;
  }
}
