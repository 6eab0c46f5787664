import type { CustomTemplateRequest } from '../domain/generate-request';
import type { TemplateData } from '../domain/template-data';

/**
 * What the template workers are handed and answer (structured-cloned
 * between threads, so plain data: an AppError would lose its class).
 */
export interface TemplateTask {
  /** Names the task in the worker's "started" message. */
  id: number;
  template: CustomTemplateRequest;
  /** With data, the template is filled too and the renderer's document answered. */
  data?: TemplateData;
}

export type TemplateOutcome =
  { accepted: true; document?: string } | { accepted: false; message: string; details: Record<string, unknown> };

/** Posted by a worker as it starts a task: the time limit runs from then, not from when it was queued. */
export interface TemplateTaskStarted {
  templateTaskStarted: number;
}

export function isTemplateTaskStarted(message: unknown): message is TemplateTaskStarted {
  return typeof message === 'object' && message !== null && typeof (message as TemplateTaskStarted).templateTaskStarted === 'number';
}
