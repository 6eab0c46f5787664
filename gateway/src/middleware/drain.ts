/**
 * The gateway's requests whose handlers still run, and whether it is
 * stopping (every response from then on closes its connection). A handler
 * can outlive its connection (the client left while it worked), so shutdown
 * waits for handlers, not only for open connections, before it closes what
 * they use.
 */
export class Drain {
  draining = false;
  private running = 0;
  private onIdle: (() => void) | undefined;

  /** Handlers running now. */
  get inFlight(): number {
    return this.running;
  }

  enter(): void {
    this.running += 1;
  }

  leave(): void {
    this.running -= 1;
    if (this.running === 0) this.onIdle?.();
  }

  /** Resolves once no handler runs, or when `timeoutMs` has passed: with the number still running. */
  async settled(timeoutMs: number): Promise<number> {
    if (this.running > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, timeoutMs));
        this.onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.onIdle = undefined;
    }
    return this.running;
  }
}
