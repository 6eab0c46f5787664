import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError, toEnvelope } from '@evalplan/common/errors';
import type { RequestEvent } from '../activity/request-event';
import { NO_STORE } from './response-headers';
import { FILES_ROUTE, isFilePath } from '../contracts/pdf-urls';

/** What the parser refused, as the code whose status Node itself would answer. */
function refusalOf(code: string | undefined): AppError {
  if (code === 'HPE_HEADER_OVERFLOW') return new AppError('REQUEST_HEADERS_TOO_LARGE');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('REQUEST_TIMEOUT');
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW')
    return new AppError('PAYLOAD_TOO_LARGE', 'The chunk extensions of the request body are too large.');
  return new AppError('BAD_REQUEST', 'The request could not be read as HTTP.');
}

/** The request line of what was refused, when it is plain enough to name (its query string left out). */
const REQUEST_LINE = /^([A-Z]{1,16}) ([^\s?#]{1,2048})[^\s]* HTTP\/1\.[01]\r?\n/;

function requestLineOf(rawPacket: unknown): { method: string; path: string } {
  const match = Buffer.isBuffer(rawPacket) ? REQUEST_LINE.exec(rawPacket.toString('latin1', 0, 2100)) : null;
  return match ? { method: match[1]!, path: match[2]! } : { method: '', path: '' };
}

/**
 * For the server's 'clientError' event: a request Node's HTTP parser refused
 * (malformed, headers too large, too slow) never reaches Koa, so it is
 * answered here, like Node would but with our error envelope and a request
 * id, and recorded as api_request_failed. As in Node, nothing is written on
 * a connection that already carried a response (the refused bytes may come
 * in the middle of a later request: it is closed, and the refusal still
 * recorded), and the connection is closed after the answer.
 */
export function answerClientError(record?: (event: RequestEvent) => void) {
  // A connection is answered once: a client that keeps it open must not be refused (and recorded) again on timeout.
  const answered = new WeakSet<Duplex>();
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex & { bytesWritten?: number }): void => {
    // The client went away: nothing was refused, there is no one to answer.
    if (error.code === 'ECONNRESET' || answered.has(socket)) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const refusal = refusalOf(error.code);
    const requestId = randomUUID();
    if (socket.writable && (socket.bytesWritten ?? 0) === 0) {
      const body = JSON.stringify(toEnvelope(refusal));
      // Closed as soon as the answer is out, whether or not the client closes its side.
      socket.end(
        `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\n` +
          // The headers every answer of the gateway carries (middleware/response-headers.ts).
          `X-Content-Type-Options: nosniff\r\nCache-Control: ${NO_STORE}\r\nConnection: close\r\n\r\n${body}`,
        () => socket.destroy(),
      );
    } else {
      socket.destroy();
    }
    const { method, path } = requestLineOf(error.rawPacket);
    record?.({
      id: undefined,
      eventType: 'api_request_failed',
      userId: undefined,
      sessionId: undefined,
      projectId: undefined,
      method,
      path: isFilePath(path) ? FILES_ROUTE : path,
      statusCode: refusal.status,
      durationMs: 0,
      createdAtMs: Date.now(),
      requestId,
      userAgent: '',
      stepNumber: undefined,
    });
  };
}
