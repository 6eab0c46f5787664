/**
 * Runs a batched statement (a DELETE or UPDATE of at most `batchSize` rows)
 * until a batch comes back short, so each statement stays short next to live
 * traffic however many rows are due. Returns how many rows went in all.
 */
export async function inBatches(batchSize: number, runBatch: (batchSize: number) => Promise<number>): Promise<number> {
  let total = 0;
  let batch: number;
  do {
    batch = await runBatch(batchSize);
    total += batch;
  } while (batch === batchSize);
  return total;
}
