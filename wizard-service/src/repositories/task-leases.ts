import type { SqlExecutor } from '@evalplan/common/db';
import type { TaskLease, TaskLeases } from '../use-cases/ports';

// Atomic on its row: of two replicas claiming at once, the second sees the first's lease and gets no row back.
// held_until, to the microsecond, tells this claim from any later one: it is what a renewal checks.
const CLAIM = `INSERT INTO wizard_task_leases (task, held_until) VALUES ($1, now() + $2 * interval '1 millisecond')
               ON CONFLICT (task) DO UPDATE SET held_until = EXCLUDED.held_until
               WHERE wizard_task_leases.held_until <= now()
               RETURNING held_until::text AS held_until`;
const RENEW = `UPDATE wizard_task_leases SET held_until = now() + $3 * interval '1 millisecond'
               WHERE task = $1 AND held_until = $2::timestamptz AND held_until > now()
               RETURNING held_until::text AS held_until`;

export class SqlTaskLeases implements TaskLeases {
  constructor(private readonly db: SqlExecutor) {}

  async claim(task: string, forMs: number): Promise<TaskLease | undefined> {
    const claimed = await this.db.query<{ held_until: string }>({ name: 'task-lease-claim', text: CLAIM, values: [task, forMs] });
    let heldUntil = claimed.rows[0]?.held_until;
    if (heldUntil === undefined) return undefined;
    return {
      renew: async () => {
        const renewed = await this.db.query<{ held_until: string }>({
          name: 'task-lease-renew',
          text: RENEW,
          values: [task, heldUntil, forMs],
        });
        heldUntil = renewed.rows[0]?.held_until;
        return heldUntil !== undefined;
      },
    };
  }
}
