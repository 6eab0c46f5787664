import { Status } from './codes';
import { Metadata } from './metadata';

/** Why a body could not be read: a CallFailure's fields, without importing the client. */
export interface ReadProblem extends Error {
  code: typeof Status.RESOURCE_EXHAUSTED | typeof Status.UNIMPLEMENTED;
  details: string;
  metadata: Metadata;
}

function problem(code: ReadProblem['code'], details: string): ReadProblem {
  return Object.assign(new Error(details), { code, details, metadata: new Metadata() });
}

/**
 * Cuts the length-prefixed messages of a gRPC body out of the chunks it
 * arrives in (a message may span chunks, a chunk may hold several). A
 * message longer than `maxMessageBytes` is refused as soon as its prefix is
 * read, before any of it is kept; so is a compressed one (never negotiated).
 */
export class MessageReader {
  private buffered: Buffer = Buffer.alloc(0);
  /** Set once the body cannot be read on: nothing more is taken. */
  problem: ReadProblem | undefined;

  constructor(private readonly maxMessageBytes: number) {}

  /** Bytes held of a message not yet complete. */
  get pending(): number {
    return this.buffered.length;
  }

  /** The messages this chunk completes, in order. */
  push(chunk: Buffer): Buffer[] {
    if (this.problem) return [];
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const messages: Buffer[] = [];
    while (this.buffered.length >= 5) {
      const length = this.buffered.readUInt32BE(1);
      if (length > this.maxMessageBytes) {
        this.problem = problem(Status.RESOURCE_EXHAUSTED, `A message is larger than the ${this.maxMessageBytes} bytes accepted.`);
        break;
      }
      if (this.buffered.readUInt8(0) !== 0) {
        this.problem = problem(Status.UNIMPLEMENTED, 'Compressed messages are not supported.');
        break;
      }
      if (this.buffered.length < 5 + length) break;
      messages.push(this.buffered.subarray(5, 5 + length));
      this.buffered = this.buffered.subarray(5 + length);
    }
    if (this.problem) this.buffered = Buffer.alloc(0);
    return messages;
  }
}
