/**
 * Validates every answer of a gateway the system tests receive against the
 * OpenAPI document (test/helpers/openapi-validator.ts), whichever way they
 * asked: fetch (call() and direct calls) and node:http (the Traffic, load and
 * request-body helpers, http.get in tests). Raw-socket exchanges are checked
 * by the tests themselves with expectDocumentedRawAnswers. Loaded for the
 * system layer by jest.config.js (setupFilesAfterEnv).
 *
 * An answer is a gateway's when it comes from an address registered with
 * registerGateway (startTestStack, ServiceProcesses) or carries X-Request-Id
 * (every gateway answer does; the other servers tests talk to, such as the
 * HTML renderer or the telemetry collector, do not).
 *
 * Mismatches fail the test that received them (in afterEach), listed with
 * the request; ones received outside a test fail the file (afterAll).
 */
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import { type ObservedAnswer, parseRawAnswers, problemsWith } from './openapi-validator';

/** Bodies above this are not kept (files); JSON answers are far smaller. */
const MAX_CAPTURED_BYTES = 4 * 1024 * 1024;

interface Sink {
  problems: string[];
  pending: Set<Promise<void>>;
  gateways: Set<string>;
}

/** This test file's sink; http is shared by the files a worker runs, so it finds the current one here. */
const SINK = Symbol.for('evalplan.openapi.sink');
const PATCHED = Symbol.for('evalplan.openapi.patched');
type Holder = Record<symbol, unknown>;

const sink: Sink = { problems: [], pending: new Set(), gateways: new Set() };
(http as unknown as Holder)[SINK] = sink;

function currentSink(): Sink | undefined {
  return (http as unknown as Holder)[SINK] as Sink | undefined;
}

/** Answers from `url`'s host and port are a gateway's and are always checked. */
export function registerGateway(url: string): void {
  currentSink()?.gateways.add(new URL(url).host);
}

function isGateway(host: string | undefined, headers: Record<string, string>): boolean {
  return headers['x-request-id'] !== undefined || (host !== undefined && currentSink()?.gateways.has(host) === true);
}

function record(answer: ObservedAnswer): void {
  const target = currentSink();
  if (!target) return;
  for (const problem of problemsWith(answer)) target.problems.push(`${answer.method} ${answer.target} → ${answer.status}: ${problem}`);
}

/** The request lines in raw request bytes, in order; what is not a request line counts as GET / (the parser refused it). */
function requestLinesOf(bytes: string): Array<{ method: string; target: string }> {
  const lines = [...bytes.matchAll(/(?:^|\r\n\r\n)([A-Z]+) (\/\S*) HTTP\/1\.[01]\r\n/g)].map((match) => ({
    method: match[1]!,
    target: match[2]!,
  }));
  return lines.length > 0 ? lines : [{ method: 'GET', target: '/' }];
}

/**
 * Checks raw HTTP/1.1 answers a test read from a socket against the document:
 * `requests` are the request bytes sent (or their method and target, in order).
 */
export function expectDocumentedRawAnswers(raw: string, sent: string | Array<{ method: string; target: string }>): void {
  const requests = typeof sent === 'string' ? requestLinesOf(sent) : sent;
  const answers = parseRawAnswers(raw).filter((answer) => answer.status >= 200);
  const problems = answers.flatMap((answer, index) => {
    const request = requests[Math.min(index, requests.length - 1)] ?? { method: 'GET', target: '/' };
    return problemsWith({ ...request, ...answer }).map((problem) => `${request.method} ${request.target} → ${answer.status}: ${problem}`);
  });
  expect(problems).toEqual([]);
}

function headersOf(message: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Watches a node:http answer's body as the parser hands it over, without changing how its reader reads it. */
function observeIncoming(request: ClientRequest, response: IncomingMessage): void {
  const headers = headersOf(response);
  if (!isGateway(request.getHeader('host') as string | undefined, headers)) return;
  const chunks: Buffer[] = [];
  let size = 0;
  const push = response.push.bind(response);
  response.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (chunk === null) {
      response.push = push;
      record({
        method: request.method,
        target: request.path,
        status: response.statusCode ?? 0,
        headers,
        body: size > MAX_CAPTURED_BYTES ? undefined : Buffer.concat(chunks).toString('utf8'),
      });
    } else if (size <= MAX_CAPTURED_BYTES) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding);
      size += buffer.length;
      chunks.push(buffer);
    }
    return push(chunk, encoding);
  };
}

// node:http is one module per worker: patched once, it reports to whichever file's sink is current.
const prototype = http.ClientRequest.prototype as unknown as Holder & { emit: (event: string | symbol, ...args: unknown[]) => boolean };
if (!prototype[PATCHED]) {
  prototype[PATCHED] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: ClientRequest, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'response') {
      try {
        observeIncoming(this, args[0] as IncomingMessage);
      } catch (error) {
        currentSink()?.problems.push(`could not observe ${this.method} ${this.path}: ${String(error)}`);
      }
    }
    return emit.call(this, event, ...args);
  };
}

// fetch is this file's global: wrapped for this file.
const originalFetch = globalThis.fetch;
globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await originalFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const headers: Record<string, string> = {};
  // Repeated headers joined with ", ", as node:http's are above (fetch hands each Set-Cookie over on its own).
  response.headers.forEach((value, name) => {
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  });
  if (!isGateway(url.host, headers)) return response;
  const base = { method, target: `${url.pathname}${url.search}`, status: response.status, headers };
  const mediaType = headers['content-type'] ?? '';
  if (method === 'HEAD' || response.body === null || !/json/i.test(mediaType)) {
    record({ ...base, body: method === 'HEAD' || response.status === 204 || response.status === 304 ? '' : undefined });
    return response;
  }
  const reading = response
    .clone()
    .text()
    .then(
      (body) => record({ ...base, body }),
      () => undefined, // the caller went away mid-body: nothing complete to check
    );
  sink.pending.add(reading);
  void reading.finally(() => sink.pending.delete(reading));
  return response;
};

async function takeProblems(): Promise<string[]> {
  while (sink.pending.size > 0) await Promise.all([...sink.pending]);
  return sink.problems.splice(0);
}

function failure(problems: string[], where: string): Error {
  const shown = problems.slice(0, 20);
  const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : '';
  return new Error(
    `${problems.length} answer(s) ${where} do not match the OpenAPI document (gateway/src/openapi/document.ts):\n  ${shown.join('\n  ')}${more}`,
  );
}

afterEach(async () => {
  const problems = await takeProblems();
  if (problems.length > 0) throw failure(problems, 'received in this test');
});

afterAll(async () => {
  const problems = await takeProblems();
  if (problems.length > 0) throw failure(problems, 'received outside a test (beforeAll, afterAll)');
});
