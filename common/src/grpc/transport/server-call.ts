import { EventEmitter } from 'node:events';
import { Status, type StatusCode } from './codes';
import type { MethodDefinition } from './definitions';
import type { Metadata } from './metadata';

/** How a call ends: its code, a message for people, and trailing metadata. */
export interface CallStatus {
  code?: StatusCode;
  details?: string;
  metadata?: Metadata;
}

/** A method's handler: grpc-js' shape, (call) for a stream, (call, callback) for a unary call. */
export type Handler = (call: never, callback: never) => void;

/** The handlers of one service by method name (grpc-js' UntypedServiceImplementation). */
export type ServiceHandlers = Record<string, Handler>;

/** A method the server answers, with its handler. */
export interface Route {
  definition: MethodDefinition;
  handler: Handler;
}

/** One unary call from this process (callLocal): the serialized request, its headers, its time, and its caller's abort. */
export interface LocalRequest {
  path: string;
  request: Buffer;
  headers: Record<string, string>;
  deadlineMs: number;
  signal?: AbortSignal;
}

/** What a finished in-process call (callLocal) answers: a status, and the response message on OK. */
export interface LocalOutcome {
  code: StatusCode;
  details: string;
  metadata: Metadata;
  response?: Buffer;
}

/**
 * What both kinds of call share: the cancel flag, the deadline, and the
 * unary answer (grpc-js' sendUnaryData), which tells a drain that the handler
 * is done before it sends the status or the message.
 */
export abstract class ServerCall extends EventEmitter {
  cancelled = false;
  /** Told when the handler answers (unary calls): set by dispatch. */
  onHandled: (() => void) | undefined;
  /** When the caller stops waiting (epoch ms): set by dispatch from the call's timeout. */
  deadline = Infinity;
  protected finished = false;

  getDeadline(): number {
    return this.deadline;
  }

  readonly callback = (error: CallStatus | null, value?: unknown): void => {
    // The handler is done, even if its call was cancelled meanwhile: a drain waits for this (once).
    const handled = this.onHandled;
    this.onHandled = undefined;
    handled?.();
    if (this.finished) return;
    if (error) {
      this.finish(error);
      return;
    }
    this.respondWith(value);
    this.finish({ code: Status.OK });
  };

  /** Keeps or sends the unary response message, before the OK status. */
  protected abstract respondWith(value: unknown): void;
  abstract finish(status: CallStatus): void;
}
