import type { IncomingMessage } from 'node:http';
import { AppError } from '@evalplan/common/errors';
import {
  findUnstorableText,
  MAX_JSON_DEPTH,
  mayHoldUnstorableText,
  nestsDeeperThan,
  parseBodyJson,
  UNSTORABLE_TEXT_MESSAGE,
  WHOLE_BODY_FIELD,
} from '@evalplan/common/input';
import type { Context, Middleware } from 'koa';
import { unreadableBodyReason } from './json-media-type';
import { closeAfterAnswer } from './lingering-close';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body: an object or array, {} when none was sent (set by jsonBody on POST, PUT, PATCH and DELETE). */
    body?: unknown;
  }
}

/** The contract's cap on request bodies. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

// DELETE too: deleting the account takes the password in its body.
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const TOO_LARGE = `The request body is larger than ${BODY_LIMIT_BYTES / (1024 * 1024)} MiB.`;

/** A body read to its end, or `undefined` when it grew past `limit` bytes (reading stops there). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        stop();
        resolve(undefined);
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
    };
    // Closed before its end: the client went away or Node gave up waiting (requestTimeout).
    const onClose = () => {
      stop();
      reject(new AppError('INVALID_INPUT', 'The request body ended before it was complete.', { field: WHOLE_BODY_FIELD }));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
  });
}

/**
 * Refuses a body that is not read (whole): the answer goes out with
 * `Connection: close`, as the rest of the body would otherwise stand where
 * the connection's next request must begin.
 */
function refuseUnread(ctx: Context, error: AppError): never {
  ctx.set('Connection', 'close');
  closeAfterAnswer(ctx.req);
  throw error;
}

/** The parsed body, checked: an object or array, not absurdly deep, every text one PostgreSQL can store. */
function parseJson(text: string): unknown {
  const body = parseBodyJson(text);
  if (body === null || typeof body !== 'object') {
    throw new AppError('INVALID_INPUT', 'The request body must be a JSON object or array.', { field: WHOLE_BODY_FIELD });
  }
  // Before anything walks the body recursively (JSON.stringify on the way to a service would overflow the stack).
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
    throw new AppError('INVALID_INPUT', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`, { field: WHOLE_BODY_FIELD });
  }
  // Checked once here for every route: a service would otherwise hand the text to SQL, which refuses it (a 500).
  if (mayHoldUnstorableText(text)) {
    const field = findUnstorableText(body);
    if (field !== undefined) throw new AppError('INVALID_INPUT', UNSTORABLE_TEXT_MESSAGE, { field });
  }
  return body;
}

/** JSON text may start with a byte order mark, which JSON.parse does not take. */
const BYTE_ORDER_MARK = 0xfeff;

/** The body as a JSON value: {} when there is none (no length or length 0, or chunked and empty). */
async function jsonOf(ctx: Context): Promise<unknown> {
  const { req } = ctx;
  const { 'content-length': declared, 'transfer-encoding': chunked } = req.headers;
  // Node's parser has refused a length that is not a number, and one sent along with chunks.
  const length = declared === undefined ? 0 : Number(declared);
  if (chunked === undefined && length === 0) return {};
  const reason = unreadableBodyReason(req.headers['content-type'], req.headers['content-encoding']);
  if (reason !== undefined) {
    // Refused at its first byte; but a chunked body may turn out empty, and no body is {} whatever its type.
    if (length > 0 || (await readBody(req, 0)) === undefined) refuseUnread(ctx, new AppError('UNSUPPORTED_MEDIA_TYPE', reason));
    return {};
  }
  if (length > BODY_LIMIT_BYTES) refuseUnread(ctx, new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE));
  // The client waits for this before it uploads (Expect: 100-continue); said only for a body that will be read.
  if (req.headers.expect?.toLowerCase() === '100-continue') ctx.res.writeContinue();
  const bytes = await readBody(req, BODY_LIMIT_BYTES);
  if (bytes === undefined) refuseUnread(ctx, new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE));
  const text = bytes.toString('utf8');
  return parseJson(text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text);
}

async function parseBody(ctx: Context, next: () => Promise<unknown>): Promise<unknown> {
  ctx.request.body = await jsonOf(ctx);
  return next();
}

/**
 * JSON bodies of POST, PUT, PATCH and DELETE, up to 1 MiB, as ctx.request.body.
 * A body-less request (the known web client sends `Content-Type:
 * application/json` with no body on refresh and logout) is an empty object
 * whatever its Content-Type. Other methods pass straight through, with no
 * promise of their own: GET /api/v1/ping is the hot path.
 */
export function jsonBody(): Middleware {
  return (ctx, next) => (BODY_METHODS.has(ctx.method) ? parseBody(ctx, next) : next());
}
