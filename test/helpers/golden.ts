import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Compares `actual` with a committed golden file. `UPDATE_GOLDEN=1` rewrites
 * the file (then read the diff before committing it); a missing file is
 * written on a developer's machine but fails under CI, so a golden file can
 * never be created unseen.
 */
export function expectGolden(file: string, actual: string): void {
  if (process.env.UPDATE_GOLDEN === '1' || (!existsSync(file) && !process.env.CI)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
  }
  if (!existsSync(file)) throw new Error(`${file} is missing: run the test with UPDATE_GOLDEN=1 and commit the file`);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}
