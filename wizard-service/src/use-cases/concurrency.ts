/**
 * Runs `work` on every item, at most `concurrency` at once. After the first
 * failure no further item starts, and that failure is thrown once the items
 * in progress have settled.
 */
export async function eachConcurrently<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, worker);
  const outcomes = await Promise.allSettled(workers);
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}
