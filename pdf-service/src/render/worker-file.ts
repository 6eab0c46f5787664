import path from 'node:path';

/**
 * A worker thread's entry (`entry`, relative to src/, as .js): worker threads
 * run compiled JavaScript, and under ts-jest this module is the .ts source,
 * so then it points at the build in dist/.
 */
export function compiledWorkerFile(entry: string): string {
  const src = path.join(__dirname, '..');
  if (__filename.endsWith('.ts')) return path.resolve(src, '..', 'dist', entry);
  return path.join(src, entry);
}
