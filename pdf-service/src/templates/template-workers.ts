import { availableParallelism } from 'node:os';
import { AppError } from '@evalplan/common/errors';
import { type RequestContext, stopIfCancelled } from '@evalplan/common/grpc';
import type { Logger } from '@evalplan/common/logging';
import { Piscina } from 'piscina';
import type { CustomTemplateRequest } from '../domain/generate-request';
import type { TemplateData } from '../domain/template-data';
import { compiledWorkerFile } from '../render/worker-file';
import { isTemplateTaskStarted, type TemplateOutcome, type TemplateTask } from './template-task';

export interface TemplateWorkerOptions {
  /** PDF_TEMPLATE_TIME_LIMIT: how long one template's work may run on its thread. */
  timeLimitMs: number;
  /** Threads (default: half the CPUs, at least one). */
  threads?: number;
  /** Heap of each thread: a template needing more is too complex. */
  heapMb?: number;
  /** Where a thread failing outside any task is reported. */
  logger?: Logger;
}

/**
 * Waiting templates per thread; beyond them a request is told to come back
 * (503). Behind templates that each run to a 1 s limit, the last one waits
 * about 16 s: well within a caller's deadline.
 */
const QUEUE_PER_THREAD = 16;
const DEFAULT_HEAP_MB = 128;
/** The abort reason of a task stopped at the time limit. */
const TIME_LIMIT = Symbol('time limit');

/**
 * Checking, parsing and filling a caller's template run here, on worker
 * threads, each task under a time limit: a template whose work takes longer
 * (or more memory than a thread's heap) is answered 400 INVALID_PDF_TEMPLATE
 * "too complex", its thread is ended and replaced, and the event loop that
 * answers every other request never runs template work at all. The clock
 * starts when a thread takes the task up, so a template waiting behind
 * others is not blamed for their time. Half the CPUs at most: templates that
 * run to the limit cannot take every core. The pool is made for the first
 * template, so a service that never sees one has no thread for them.
 */
export class TemplateWorkers {
  private made: Piscina | undefined;
  private lastId = 0;
  /** Tasks sent and not yet answered: what starts each one's clock. */
  private readonly startClocks = new Map<number, () => void>();

  constructor(private readonly options: TemplateWorkerOptions) {}

  private get pool(): Piscina {
    this.made ??= this.makePool();
    return this.made;
  }

  private makePool(): Piscina {
    const threads = Math.max(1, this.options.threads ?? Math.floor(availableParallelism() / 2));
    const pool = new Piscina({
      filename: compiledWorkerFile('templates/template-worker.js'),
      // At least one: piscina replaces an ended thread only up to minThreads, and tasks queued behind
      // one stopped at the limit would otherwise wait for the next request to start a thread.
      minThreads: 1,
      maxThreads: threads,
      maxQueue: threads * QUEUE_PER_THREAD,
      idleTimeout: 60_000,
      // Workers need neither the process's preloads (telemetry) nor its flags.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb ?? DEFAULT_HEAP_MB },
    });
    pool.on('message', (message: unknown) => {
      if (isTemplateTaskStarted(message)) this.startClocks.get(message.templateTaskStarted)?.();
    });
    // A thread that fails with no task left: one ended at the time limit can still run out of heap while it
    // is stopped. Its template was answered already; unheard, piscina's 'error' event would end the process.
    pool.on('error', (error: unknown) => {
      if (isOutOfMemory(error)) this.options.logger?.debug({ err: error }, 'a template thread ran out of heap as it was ended');
      else this.options.logger?.warn({ err: error }, 'a template thread failed outside any task');
    });
    return pool;
  }

  /** Throws INVALID_PDF_TEMPLATE (details.field) for a template that is unsafe, unreadable or too complex. */
  async check(template: CustomTemplateRequest, context?: RequestContext): Promise<void> {
    await this.run({ template }, context);
  }

  /** The renderer's document: the template checked, filled with `data`, and checked again. Throws as check() does. */
  async fill(template: CustomTemplateRequest, data: TemplateData, context?: RequestContext): Promise<string> {
    return (await this.run({ template, data }, context)) ?? '';
  }

  async close(): Promise<void> {
    await this.made?.destroy();
  }

  private async run(work: Omit<TemplateTask, 'id'>, context: RequestContext | undefined): Promise<string | undefined> {
    stopIfCancelled(context);
    if (this.pool.queueSize >= this.pool.options.maxQueue) {
      throw new AppError('PDF_RENDERER_UNAVAILABLE', 'Too many templates are being checked right now. Please try again in a moment.');
    }
    this.lastId += 1;
    const id = this.lastId;
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    this.startClocks.set(id, () => {
      timer = setTimeout(() => stop.abort(TIME_LIMIT), this.options.timeLimitMs);
    });
    // A caller that leaves (or whose deadline passes) takes its queued or running task with it.
    const caller = context?.signal;
    const leave = () => stop.abort(caller?.reason);
    caller?.addEventListener('abort', leave, { once: true });
    let outcome: TemplateOutcome;
    try {
      outcome = (await this.pool.run({ ...work, id } satisfies TemplateTask, { signal: stop.signal })) as TemplateOutcome;
    } catch (error) {
      if (stop.signal.reason === TIME_LIMIT || isOutOfMemory(error)) throw this.tooComplex();
      stopIfCancelled(context);
      throw error;
    } finally {
      clearTimeout(timer);
      this.startClocks.delete(id);
      caller?.removeEventListener('abort', leave);
    }
    if (!outcome.accepted) throw new AppError('INVALID_PDF_TEMPLATE', outcome.message, outcome.details);
    return outcome.document;
  }

  private tooComplex(): AppError {
    return new AppError(
      'INVALID_PDF_TEMPLATE',
      `The template is too complex: checking and filling it takes longer than ${durationText(this.options.timeLimitMs)} or more memory than allowed. Please simplify it.`,
      { field: 'template.html' },
    );
  }
}

/** A thread past its heap limit is ended by Node with this code. */
function isOutOfMemory(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

const durationText = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
