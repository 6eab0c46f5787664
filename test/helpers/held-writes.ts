import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { WEB_CLIENT_STEPS } from '../fixtures/step-data';
import type { Exchange, Traffic } from './traffic';

const WAIT_TIMEOUT_MS = 10_000;

/**
 * A step save and a login caught inside their transactions when a fault
 * comes, however light the load: the test holds row locks they need (the
 * session's row, which the save locks, and the user's row, which the login's
 * new refresh token points to) and waits until PostgreSQL shows both
 * waiting. So wizard-service and auth-service each have a transaction open
 * on a checked-out connection at that moment.
 */
export class HeldWrites {
  private locker: Client | undefined;
  private requests: Array<Promise<Exchange>> = [];

  private constructor(
    private readonly traffic: Traffic,
    private readonly account: { email: string; password: string; userId: string },
    private readonly sessionId: string,
  ) {}

  /** Makes the account and the session the held writes will use. */
  static async prepare(traffic: Traffic): Promise<HeldWrites> {
    const account = { email: `held-${randomUUID()}@example.com`, password: 'correct horse battery' };
    const registered = await traffic.send('setup', 'POST', '/api/v1/auth/register', { body: account, parse: true });
    const created = await traffic.send('setup', 'POST', '/api/v1/sessions/create', { parse: true });
    if (registered.status !== 201 || created.status !== 201) {
      throw new Error(
        `held writes set-up answered ${registered.status ?? registered.networkError} and ${created.status ?? created.networkError}`,
      );
    }
    const userId = (registered.json as { user: { id: string } }).user.id;
    return new HeldWrites(traffic, { ...account, userId }, (created.json as { sessionId: string }).sessionId);
  }

  /** Takes the locks, sends the save and the login, and returns once both wait on the locks. */
  async hold(databaseUrl: string): Promise<void> {
    const locker = new Client({ connectionString: databaseUrl, application_name: 'fault-suite-locker' });
    this.locker = locker;
    // The fault that follows ends this connection too.
    locker.on('error', () => undefined);
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM wizard_sessions WHERE id = $1 FOR UPDATE', [this.sessionId]);
    await locker.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [this.account.userId]);
    this.requests = [
      this.traffic.send('probe', 'PUT', `/api/v1/sessions/${this.sessionId}/wizard/step/1`, { body: { stepData: WEB_CLIENT_STEPS['1'] } }),
      this.traffic.send('probe', 'POST', '/api/v1/auth/login', { body: { email: this.account.email, password: this.account.password } }),
    ];
    const deadline = Date.now() + WAIT_TIMEOUT_MS;
    for (;;) {
      const { rows } = await locker.query<{ waiting: string }>(
        `SELECT count(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND application_name <> 'fault-suite-locker'`,
      );
      if (Number(rows[0]!.waiting) >= this.requests.length) return;
      if (Date.now() > deadline) throw new Error(`the held writes did not reach their locks within ${WAIT_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The held requests' answers, once they come. */
  answered(): Promise<Exchange[]> {
    return Promise.all(this.requests);
  }

  /** Lets the writes go if no fault ended the locking connection. */
  async release(): Promise<void> {
    await this.locker?.end().catch(() => undefined);
    this.locker = undefined;
  }
}
