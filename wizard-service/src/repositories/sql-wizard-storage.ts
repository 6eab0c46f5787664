import { type Queryable, type SqlExecutor, withTransaction } from '@evalplan/common/db';
import { SqlProjectStore } from './projects';
import { SqlSessionStore } from './sessions';
import type { WizardStorage, WizardStores } from '../use-cases/ports';

function storesOn(db: SqlExecutor): WizardStores {
  return { sessions: new SqlSessionStore(db), projects: new SqlProjectStore(db) };
}

/** The wizard stores on PostgreSQL or PGlite: the pool's, made once, and a transaction's, made per transaction. */
export function sqlWizardStorage(pool: Queryable): WizardStorage {
  return { ...storesOn(pool), inTransaction: (work) => withTransaction(pool, (client) => work(storesOn(client))) };
}
