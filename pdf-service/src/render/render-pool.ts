import { availableParallelism } from 'node:os';
import type { TemplateData } from '../domain/template-data';
import { observeRenderQueue } from '../metrics';
import type { PlanFileTask } from './plan-files';
import { compiledWorkerFile } from './worker-file';
import { Piscina } from 'piscina';

/**
 * The built-in layout renders on worker threads, one per CPU by default, so a
 * long plan never blocks the event loop that answers other requests; the
 * plan's Markdown and DOCX copies are written there too, in the same queue.
 */
const QUEUE_PER_THREAD = 64;

/** Thrown by render() when every worker is busy and the queue is full. */
export class RenderPoolBusyError extends Error {}

export class PdfRenderPool {
  private readonly pool: Piscina;
  /** Ends this pool's part in evalplan.pdf.pool.queue. */
  private readonly unobserve: () => void;

  constructor(threads = availableParallelism()) {
    this.pool = new Piscina({
      filename: compiledWorkerFile('render/render-worker.js'),
      minThreads: 1,
      maxThreads: Math.max(1, threads),
      // Beyond this many waiting plans, new requests are told to come back rather than queued without end.
      maxQueue: Math.max(1, threads) * QUEUE_PER_THREAD,
      idleTimeout: 60_000,
      // Workers need neither the process's preloads (telemetry) nor its flags.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    this.unobserve = observeRenderQueue(() => this.pool.queueSize);
  }

  get threads(): number {
    return this.pool.options.maxThreads;
  }

  async render(data: TemplateData): Promise<Buffer> {
    return this.run(data, 'default');
  }

  /** A Markdown or DOCX copy of a plan (render-worker.ts's writePlan). */
  async writePlan(task: PlanFileTask): Promise<Buffer> {
    return this.run(task, 'writePlan');
  }

  private async run(task: unknown, name: string): Promise<Buffer> {
    if (this.pool.queueSize >= this.pool.options.maxQueue) throw new RenderPoolBusyError('render queue full');
    const bytes = (await this.pool.run(task, { name })) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async close(): Promise<void> {
    this.unobserve();
    await this.pool.destroy();
  }
}
