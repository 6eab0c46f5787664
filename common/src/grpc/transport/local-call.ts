import { Status, type StatusCode } from './codes';
import { Metadata } from './metadata';
import { type CallStatus, type LocalOutcome, type Route, ServerCall } from './server-call';
import { metadataFromHeaders } from './wire';

/**
 * One call from a client in the same process (the all-in-one stack): the
 * same surface as Call below for the handlers, without HTTP/2. The request
 * and response still go through the method's serializers, so a handler gets
 * exactly what it would get over the wire and shares no object with its
 * caller.
 */
export class LocalCall extends ServerCall {
  private parsedMetadata: Metadata | undefined;
  private response: Buffer | undefined;

  constructor(
    private readonly route: Route,
    readonly request: unknown,
    private readonly headers: Record<string, string>,
    private readonly onDone: (code: StatusCode) => void,
    private readonly answer: (outcome: LocalOutcome) => void,
  ) {
    super();
  }

  get metadata(): Metadata {
    this.parsedMetadata ??= metadataFromHeaders(this.headers);
    return this.parsedMetadata;
  }

  metadataValue(key: string): string | undefined {
    return this.headers[key];
  }

  getPeer(): string {
    return 'in-process';
  }

  sendMetadata(): void {}

  protected respondWith(value: unknown): void {
    this.response = this.route.definition.responseSerialize(value);
  }

  finish(status: CallStatus): void {
    if (this.finished) return;
    this.finished = true;
    const code = status.code ?? Status.UNKNOWN;
    this.onDone(code);
    this.answer({ code, details: status.details ?? '', metadata: status.metadata ?? new Metadata(), response: this.response });
    this.emit('done');
  }

  cancel(): void {
    if (this.cancelled || this.finished) return;
    this.cancelled = true;
    this.finish({ code: Status.CANCELLED, details: 'Cancelled' });
    this.emit('cancelled');
  }
}
