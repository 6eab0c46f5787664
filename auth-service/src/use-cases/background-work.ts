import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';

/**
 * Work done after the answer (an e-mail, a lookup for it): it never delays
 * or fails the request. Its failure is logged with the request's fields only
 * (never an address or a token), and drain() waits for what is running, so a
 * stopping service finishes what it accepted.
 */
export class BackgroundWork {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Starts `work`; `failure` is the log line if it throws. */
  run(work: () => Promise<void>, failure: string, context: RequestContext | undefined): void {
    const task = work()
      .catch((error: unknown) => this.logger.warn({ err: error, ...requestFields(context) }, failure))
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  /** Resolves once nothing is running, work started meanwhile included. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
