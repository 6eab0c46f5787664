import { setFlagsFromString } from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring for the whole process (V8's flags
 * belong to the process; a worker cannot have its own). A render's document
 * tree survives young collections and dies right after, so pretenured it
 * became old garbage: 14 full collections per 600 plans instead of 5, and the
 * render pool scaled 1.4× instead of 1.55× on two cores (docs/decisions.md 25,
 * docs/benchmarks.md, issue 24). The flag is read as the heap runs, so setting
 * it here works; a process that hosts the render pool calls this first thing.
 */
export function tuneV8ForRendering(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
