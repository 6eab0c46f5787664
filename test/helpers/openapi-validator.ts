import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@evalplan/gateway';

/**
 * Checks an answer of the gateway against its OpenAPI document
 * (gateway/src/openapi/document.ts, served at /openapi.json): the status is
 * documented for the operation, the Content-Type is one it documents, the
 * body matches the schema (JSON Schema 2020-12, with Ajv), and the documented
 * headers are there and well-formed. Answers every route may give (unknown
 * path, wrong method, preflight, a body refused before routing, what Node's
 * parser refuses) are checked against the document's components.responses.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One answer as a client received it. */
export interface ObservedAnswer {
  method: string;
  /** The request target as sent: path and query. */
  target: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body text; undefined when it was not read (a file, a page). */
  body: string | undefined;
}

const doc = openApiDocument() as Json;
const DOCUMENT_ID = 'https://evalplan.invalid/openapi.json';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
// Not in ajv-formats: an address with non-ASCII characters (the gateway accepts them).
ajv.addFormat('idn-email', /^[^\s@]+@[^\s@]+$/u);
ajv.addSchema({ ...doc, $id: DOCUMENT_ID });

const pointer = (parts: string[]): string => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const compiled = new Map<string, ValidateFunction>();
/** The validator of the schema at a JSON pointer into the document (its $refs resolve within it). */
function validatorAt(parts: string[]): ValidateFunction {
  const key = pointer(parts);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${key}` });
    compiled.set(key, validate);
  }
  return validate;
}

/** Follows a local $ref (#/components/...). */
function resolve(value: Json): { value: Json; parts: string[] } | undefined {
  if (typeof value?.$ref !== 'string') return undefined;
  const parts = (value.$ref as string)
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: Json | undefined = doc;
  for (const part of parts) node = node?.[part];
  return node ? { value: node, parts } : undefined;
}

interface Template {
  path: string;
  segments: Array<string | null>;
  params: number;
}

const templates: Template[] = Object.keys(doc.paths as Json)
  .map((path) => {
    const segments = path
      .split('/')
      .slice(1)
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment));
    return { path, segments, params: segments.filter((segment) => segment === null).length };
  })
  // Concrete paths before templated ones, as OpenAPI matches them.
  .sort((a, b) => a.params - b.params);

/** Every path under /files/pdfs/ reaches the file route, which answers PDF_NOT_FOUND for what is not a key. */
const FILES_PREFIX = '/files/pdfs/';
const FILES_PATH = Object.keys(doc.paths as Json).find((path) => path.startsWith(FILES_PREFIX))!;

/** As the router matches: literal segments in any case, and with or without one trailing slash. */
function pathsMatching(path: string): string[] {
  const parts = (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/').slice(1);
  const matched = templates
    .filter(
      ({ segments }) =>
        segments.length === parts.length &&
        segments.every((segment, i) => (segment === null ? parts[i] !== '' : segment.toLowerCase() === parts[i]!.toLowerCase())),
    )
    .map(({ path: template }) => template);
  if (path.toLowerCase().startsWith(FILES_PREFIX) && path.length > FILES_PREFIX.length && !matched.includes(FILES_PATH))
    matched.push(FILES_PATH);
  return matched;
}

/** The operation answering `method` at `path`, as the gateway's router picks it; HEAD is answered by GET. */
function operationFor(method: string, path: string): { operationParts: string[]; pathMatched: boolean } | undefined {
  const lower = method.toLowerCase();
  const matched = pathsMatching(path);
  for (const candidate of lower === 'head' ? ['head', 'get'] : [lower]) {
    for (const template of matched) {
      if ((doc.paths as Json)[template][candidate]) return { operationParts: ['paths', template, candidate], pathMatched: true };
    }
  }
  return matched.length > 0 ? { operationParts: [], pathMatched: true } : undefined;
}

function at(parts: string[]): Json {
  let node: Json = doc;
  for (const part of parts) node = node[part];
  return node;
}

function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`)
    .join('; ');
}

/** What is wrong with `answer` against the response documented at `parts`. */
function checkResponse(answer: ObservedAnswer, parts: string[], noBody: boolean): string[] {
  let response = at(parts);
  const resolved = resolve(response);
  if (resolved) {
    response = resolved.value;
    parts = resolved.parts;
  }
  const problems: string[] = [];
  for (const [name, declared] of Object.entries((response.headers ?? {}) as Json)) {
    const header = resolve(declared) ?? { value: declared as Json, parts: [...parts, 'headers', name] };
    const value = answer.headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.value.required) problems.push(`header ${name} is missing`);
      continue;
    }
    const validate = validatorAt([...header.parts, 'schema']);
    if (!validate(value)) problems.push(`header ${name}: ${JSON.stringify(value)} ${describeErrors(validate)}`);
  }
  const content = response.content as Json | undefined;
  const contentType = answer.headers['content-type'];
  if (!content || noBody) {
    if (answer.body !== undefined && answer.body !== '') problems.push(`a body where none is documented: ${answer.body.slice(0, 200)}`);
    return problems;
  }
  const mediaType = contentType?.split(';')[0]!.trim().toLowerCase();
  if (mediaType === undefined || !(mediaType in content)) {
    problems.push(`Content-Type ${contentType ?? '(none)'}, documented: ${Object.keys(content).join(', ')}`);
    return problems;
  }
  if (answer.body === undefined || !mediaType.endsWith('json')) return problems;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    problems.push(`the body is not JSON: ${answer.body.slice(0, 200)}`);
    return problems;
  }
  const validate = validatorAt([...parts, 'content', mediaType, 'schema']);
  if (!validate(body)) problems.push(`body ${describeErrors(validate)}: ${answer.body.slice(0, 300)}`);
  return problems;
}

/** The answers any request may get whatever its route, by status. */
function crossCutting(method: string, pathMatched: boolean, connectionClose: boolean): Map<number, string[][]> {
  const alternatives = new Map<number, string[][]>();
  const add = (status: number, name: string): void => {
    alternatives.set(status, [...(alternatives.get(status) ?? []), ['components', 'responses', name]]);
  };
  if (method === 'OPTIONS') add(204, 'Preflight');
  add(404, 'NotFound');
  if (pathMatched) add(405, 'MethodNotAllowed');
  if (BODY_METHODS.has(method)) {
    add(400, 'InvalidBody');
    add(413, 'PayloadTooLarge');
    add(415, 'UnsupportedMediaType');
  }
  // (A parser's 413 is for a body, which every body operation documents itself.)
  if (connectionClose) for (const status of [400, 408, 431]) add(status, 'ProtocolError');
  return alternatives;
}

/** What is wrong with a gateway's answer, as sentences; [] when it matches the document. */
export function problemsWith(answer: ObservedAnswer): string[] {
  const method = answer.method.toUpperCase();
  const path = answer.target.split('?')[0]!;
  const found = operationFor(method, path);
  const noBody = method === 'HEAD' || answer.status === 204 || answer.status === 304;
  const problems: string[] = [];
  if (answer.headers['x-request-id'] === undefined) problems.push('header X-Request-Id is missing');

  const candidates: string[][] = [];
  if (found && found.operationParts.length > 0 && method !== 'OPTIONS') {
    const responses = at([...found.operationParts, 'responses']);
    const key = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((k) => k in responses);
    if (key !== undefined) candidates.push([...found.operationParts, 'responses', key]);
  }
  const connectionClose = answer.headers.connection?.toLowerCase() === 'close';
  const operationMissing = !found || found.operationParts.length === 0 || method === 'OPTIONS';
  // A route's own answers first; cross-cutting ones for what no route answered, and parser refusals anywhere.
  for (const [status, list] of crossCutting(method, found?.pathMatched ?? false, connectionClose)) {
    if (status !== answer.status) continue;
    for (const parts of list) if (operationMissing || parts[2] === 'ProtocolError') candidates.push(parts);
  }
  if (candidates.length === 0) {
    const where = found?.operationParts.length
      ? `${found.operationParts[2]!.toUpperCase()} ${found.operationParts[1]!}`
      : `no operation for ${method} ${path}`;
    return [...problems, `status ${answer.status} is not documented (${where}): ${(answer.body ?? '').slice(0, 300)}`];
  }
  let best: string[] | undefined;
  for (const parts of candidates) {
    const found = checkResponse(answer, parts, noBody);
    if (found.length === 0) return problems;
    if (!best) best = found;
  }
  return [...problems, ...best!];
}

/** Parses raw HTTP/1.1 answers (as a socket received them) into answers, for problemsWith. */
export function parseRawAnswers(raw: string): Array<Omit<ObservedAnswer, 'method' | 'target'>> {
  const answers: Array<Omit<ObservedAnswer, 'method' | 'target'>> = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) break;
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const status = Number(statusLine!.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    let body = '';
    rest = rest.slice(headEnd + 4);
    const length = headers['content-length'];
    if (length !== undefined) {
      // Bytes, not characters: the bodies here are JSON, mostly ASCII.
      const bytes = Buffer.from(rest, 'utf8');
      body = bytes.subarray(0, Number(length)).toString('utf8');
      rest = bytes.subarray(Number(length)).toString('utf8');
    } else if (headers['transfer-encoding']?.includes('chunked')) {
      for (;;) {
        const lineEnd = rest.indexOf('\r\n');
        const size = parseInt(rest.slice(0, lineEnd), 16);
        rest = rest.slice(lineEnd + 2);
        if (!size) {
          rest = rest.slice(2);
          break;
        }
        body += rest.slice(0, size);
        rest = rest.slice(size + 2);
      }
    }
    answers.push({ status, headers, body: status === 204 || status === 304 ? '' : body });
  }
  return answers;
}
