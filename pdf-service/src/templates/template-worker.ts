import { parentPort } from 'node:worker_threads';
import { AppError } from '@evalplan/common/errors';
import { CustomTemplate } from './custom-template';
import type { TemplateOutcome, TemplateTask, TemplateTaskStarted } from './template-task';

/**
 * Worker-thread entry of the template workers: checks a caller's template
 * and, with data, fills it and checks the result (CustomTemplate). Here a
 * template that takes too long can be stopped by ending the thread, which
 * the event loop of the main thread could not do to its own work.
 */
export default function runTemplateTask(task: TemplateTask): TemplateOutcome {
  const started: TemplateTaskStarted = { templateTaskStarted: task.id };
  parentPort?.postMessage(started);
  try {
    const template = CustomTemplate.prepare(task.template);
    return task.data ? { accepted: true, document: template.fill(task.data) } : { accepted: true };
  } catch (error) {
    if (error instanceof AppError) return { accepted: false, message: error.message, details: error.details };
    throw error;
  }
}
