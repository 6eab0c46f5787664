import { inBatches } from './batches';

describe('inBatches', () => {
  it('repeats full batches until a short one, and adds up the rows', async () => {
    const due = [100, 100, 37];
    const sizes: number[] = [];
    const total = await inBatches(100, async (size) => {
      sizes.push(size);
      return due.shift() ?? 0;
    });
    expect(total).toBe(237);
    expect(sizes).toEqual([100, 100, 100]);
  });

  it('runs once when nothing is due', async () => {
    let runs = 0;
    expect(
      await inBatches(10, async () => {
        runs++;
        return 0;
      }),
    ).toBe(0);
    expect(runs).toBe(1);
  });
});
