import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONVERT_PATH, createDevRenderer } from '@evalplan/stack/dist/dev-renderer';
import { limitedBytes, MAX_BYTES } from '@evalplan/common/input';
import { bearer, JSON_HEADERS, postJson, signUp, type SignedUp, uniqueEmail } from './helpers/auth';
import { call, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';
import { WEB_CLIENT_STEPS } from './fixtures/step-data';

/**
 * Every limit the OpenAPI document states for a request body or a path or
 * query parameter, sent to the server: the value at the limit is accepted,
 * one past it is refused with a 400 naming the field or parameter. The requests are generated from the served document
 * (the schemas the services' contracts generate), so a limit the server
 * enforces differently from what the document says fails here.
 *
 * Strings mix letters of two UTF-8 bytes (ü, ß, ł …) with some outside the
 * Basic Multilingual Plane (𝔞, 😀), so a limit counted in bytes or in UTF-16
 * code units rather than in characters, as JSON Schema counts, fails too.
 * Limits in bytes (x-maxBytes: a template's html and css, a step's data,
 * activity metadata) get a value of exactly that many UTF-8 bytes, and one
 * byte more.
 */

type Schema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  minItems?: number;
  maximum?: number;
  minimum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  [MAX_BYTES]?: number;
};
type Path = Array<string | number>;
/** Text a field needs in its own form (a template's html, its css), of exactly `bytes` UTF-8 bytes, by path. */
type Syntax = Record<string, (bytes: number) => string>;

const isFitted = (value: unknown): value is Fitted => typeof (value as Partial<Fitted> | null)?.fit === 'function';

/** A value made from what the request holds at the path (a byte limit pads it to size). */
type Fitted = { fit: (current: unknown) => unknown };

interface Boundary {
  path: Path;
  limit: string;
  accepted: unknown;
  refused: unknown;
}

/** Text of exactly `bytes` UTF-8 bytes: words of two- and four-byte letters, then ASCII to the exact size. */
function textOfBytes(bytes: number): string {
  const parts: string[] = [];
  let used = 0;
  for (let index = 0; ; index += 1) {
    const next = index % 9 === 8 ? ' ' : LETTERS[index % LETTERS.length]!;
    if (used + limitedBytes(next) > bytes) break;
    parts.push(next);
    used += limitedBytes(next);
  }
  return parts.join('') + 'a'.repeat(bytes - used);
}

/** `current` (an object) with a key the schema does not name, padded so that the whole is exactly `bytes` once JSON-encoded. */
function objectOfBytes(current: unknown, bytes: number): Record<string, unknown> {
  const padded = { ...(current as Record<string, unknown>), padding: '' };
  const missing = bytes - limitedBytes(padded);
  if (missing < 0) throw new Error(`the request's value is already over ${bytes} bytes`);
  return { ...padded, padding: 'a'.repeat(missing) };
}

/** A valid e-mail address of exactly `length` characters (local part of 64 at most, labels of 63). */
function addressOf(length: number): string {
  const local = 'a'.repeat(Math.min(64, length - 6));
  let domain = '';
  for (let left = length - local.length - 1 - 4; left > 0;) {
    const label = Math.min(63, left - (left > 63 ? 1 : 0));
    domain += `${'b'.repeat(label)}.`;
    left -= label + 1;
  }
  const address = `${local}@${domain}com`;
  return address.length === length ? address : `${'a'.repeat(length - address.length)}${address}`;
}

/**
 * Letters of two UTF-8 bytes, and some outside the Basic Multilingual Plane
 * (four bytes, two UTF-16 code units each); and what a restricted pattern
 * allows.
 */
const LETTERS = [...'äöüßéèêñçøåæłžščřğışțŭő𝔞𝔟𝔠😀'];
const PLAIN = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

/**
 * A string of `length` characters the schema's format and pattern allow,
 * varied (a fixed pseudo-random sequence) so that a password policy sees
 * neither a repeated character nor a common password.
 */
function textOf(schema: Schema, length: number): string {
  if (schema.format === 'email') return addressOf(length);
  const alphabet = schema.pattern && !new RegExp(schema.pattern, 'u').test(LETTERS.join('')) ? PLAIN : LETTERS;
  let seed = 12345;
  let text = '';
  for (let index = 0; index < length; index += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    text += alphabet[seed % alphabet.length];
  }
  return text;
}

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

/** The smallest value the schema accepts. */
function minimal(schema: Schema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return textOf(schema, Math.max(schema.format === 'email' ? 8 : 1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => minimal(schema.items ?? { type: 'string' }));
    default:
      return Object.fromEntries((schema.required ?? []).map((key) => [key, minimal(schema.properties![key]!)]));
  }
}

/** The boundaries of a schema's own limits and of everything it holds, at `path`; `syntax` writes text a field needs in its form. */
function boundaries(schema: Schema, path: Path = [], syntax: Syntax = {}): Boundary[] {
  const found: Boundary[] = [];
  const add = (limit: string, accepted: unknown, refused: unknown) => found.push({ path, limit, accepted, refused });
  const maxBytes = schema[MAX_BYTES];
  if (maxBytes !== undefined) {
    const sized = (bytes: number): Fitted =>
      typeOf(schema) === 'string'
        ? { fit: () => (syntax[path.join('.')] ?? textOfBytes)(bytes) }
        : { fit: (current) => objectOfBytes(current ?? minimal(schema), bytes) };
    add(`${MAX_BYTES} ${maxBytes}`, sized(maxBytes), sized(maxBytes + 1));
  }
  if (typeOf(schema) === 'string') {
    if (schema.maxLength !== undefined)
      add(`maxLength ${schema.maxLength}`, textOf(schema, schema.maxLength), textOf(schema, schema.maxLength + 1));
    if (schema.minLength) add(`minLength ${schema.minLength}`, textOf(schema, schema.minLength), textOf(schema, schema.minLength - 1));
  }
  if (typeOf(schema) === 'integer') {
    if (schema.maximum !== undefined) add(`maximum ${schema.maximum}`, schema.maximum, schema.maximum + 1);
    if (schema.minimum !== undefined) add(`minimum ${schema.minimum}`, schema.minimum, schema.minimum - 1);
  }
  if (typeOf(schema) === 'array') {
    const item = () => minimal(schema.items!);
    const list = (length: number) => Array.from({ length }, item);
    if (schema.maxItems !== undefined) add(`maxItems ${schema.maxItems}`, list(schema.maxItems), list(schema.maxItems + 1));
    if (schema.minItems) add(`minItems ${schema.minItems}`, list(schema.minItems), list(schema.minItems - 1));
    found.push(...boundaries(schema.items!, [...path, 0], syntax));
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) found.push(...boundaries(property, [...path, key], syntax));
  return found;
}

/** `base` (or the schema's minimal value) with `value` at `path`. */
function withValue(base: unknown, schema: Schema, path: Path, value: unknown): unknown {
  if (path.length === 0) return isFitted(value) ? value.fit(base) : value;
  const [key, ...rest] = path as [string | number, ...Path];
  const container = (base ?? minimal(schema)) as Record<string | number, unknown>;
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<string | number, unknown>;
  const child = typeof key === 'number' ? schema.items! : schema.properties![key]!;
  copy[key] = withValue(container[key], child, rest, value);
  return copy;
}

let stack: TestStack;
/** A renderer (Chromium, as `npm run renderer` runs it): a template at its limits is rendered, not only checked. */
let renderer: Server;
let api: string;
let owner: SignedUp;
let document: { components: { schemas: Record<string, Schema> } };

beforeAll(async () => {
  renderer = createDevRenderer();
  await new Promise<void>((resolve) => renderer.listen(0, '127.0.0.1', resolve));
  stack = await startTestStack({ PDF_HTML_RENDERER_URL: `http://127.0.0.1:${(renderer.address() as AddressInfo).port}${CONVERT_PATH}` });
  api = `${stack.url}/api/v1`;
  owner = await signUp(stack.url);
  document = (await call(`${stack.url}/openapi.json`)).json;
});
afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => renderer?.close(resolve));
});

const json = (method: string, url: string, body: unknown, who: SignedUp = owner) =>
  call(url, { method, headers: { ...JSON_HEADERS, ...bearer(who.accessToken) }, body: JSON.stringify(body) });

/** A user of its own per auth target: failed password checks must not cost the others their sign-in. */
const user = (make = () => signUp(stack.url)) => {
  let made: Promise<SignedUp> | undefined;
  return () => (made ??= make());
};
const passwordChanger = user();
const deleter = user();
const signedIn = user();

const STRONG_PASSWORD = 'Quest-log: 7 fjords, 3 bears';
const WRONG_PASSWORD = 'not the password at all';

async function newSession(): Promise<string> {
  return (await postJson(`${api}/sessions/create`, {})).json.sessionId as string;
}

async function newProject(): Promise<string> {
  return (await json('POST', `${api}/projects`, { name: 'Limits' })).json.projectId as string;
}

/** One resource per target, made on first use: saves and updates may repeat on it (creating one per request would hit the per-client limits). */
function once(make: () => Promise<string>): () => Promise<string> {
  let made: Promise<string> | undefined;
  return () => (made ??= make());
}

interface Target {
  /** How the body is sent. */
  send(body: unknown): Promise<JsonResponse>;
  /** A valid body the boundary values are put into (made anew for each request; a function is given the boundary's path). */
  base: unknown | ((path: string) => unknown);
  /** The key of the body that holds the schema's value, if it is not the body itself. */
  wrapIn?: string;
  /** What details.field starts with (step data errors name a path inside stepData). */
  prefix: Path;
  /**
   * Limits no valid value reaches, by field: only one past them is sent.
   * (No IANA time zone name is 64 characters long; the limit guards the lookup.)
   */
  refusedOnly?: string[];
  /** How an answer shows the body passed validation, when that is not a 2xx (a wrong password's 401, an unknown token). */
  passed?: (response: JsonResponse) => boolean;
  syntax?: Syntax;
}

const wrongPassword = (response: JsonResponse) => response.status === 401 || response.status === 403;

/** A session with the steps before `step` saved (a step needs them). */
async function sessionBefore(step: number): Promise<string> {
  const sessionId = await newSession();
  for (let earlier = 1; earlier < step; earlier += 1) {
    const saved = await json('PUT', `${api}/sessions/${sessionId}/wizard/step/${earlier}`, { stepData: WEB_CLIENT_STEPS[earlier as 1] });
    if (saved.status !== 200) throw new Error(`step ${earlier}: ${saved.status} ${saved.text}`);
  }
  return sessionId;
}

const stepTarget = (step: 1 | 2 | 3 | 4, session = once(() => sessionBefore(step))): Target => ({
  send: async (body) => json('PUT', `${api}/sessions/${await session()}/wizard/step/${step}`, body),
  base: WEB_CLIENT_STEPS[step],
  wrapIn: 'stepData',
  prefix: [],
});

const project = once(newProject);
const recommendationSession = once(newSession);
const pdfSession = once(() => sessionBefore(5));

const TARGETS: Record<string, Target> = {
  RegisterCredentials: {
    send: (body) => postJson(`${api}/auth/register`, body),
    base: () => ({ email: uniqueEmail('limits'), password: STRONG_PASSWORD }),
    prefix: [],
  },
  // Wrong passwords: validation passes, the check answers 401; nothing changes.
  LoginCredentials: {
    send: async (body) => postJson(`${api}/auth/login`, body),
    base: async () => ({ email: (await signedIn()).email, password: WRONG_PASSWORD }),
    prefix: [],
    passed: wrongPassword,
  },
  PasswordChange: {
    send: async (body) => json('POST', `${api}/auth/password`, body, await passwordChanger()),
    base: { currentPassword: WRONG_PASSWORD, newPassword: STRONG_PASSWORD },
    prefix: [],
    passed: wrongPassword,
  },
  AccountDeletion: {
    send: async (body) => json('DELETE', `${api}/auth/me`, body, await deleter()),
    base: { password: WRONG_PASSWORD },
    prefix: [],
    passed: wrongPassword,
  },
  PasswordResetRequest: { send: (body) => postJson(`${api}/auth/password-reset`, body), base: { email: 'nobody@example.com' }, prefix: [] },
  // A token of the right shape that was never issued: the password is checked first, the token is then unknown.
  PasswordResetConfirm: {
    send: (body) => postJson(`${api}/auth/password-reset/confirm`, body),
    base: { token: randomBytes(32).toString('base64url'), newPassword: STRONG_PASSWORD },
    prefix: [],
    passed: (response) => response.json?.error?.code === 'INVALID_RESET_TOKEN',
  },
  ProjectCreate: { send: (body) => json('POST', `${api}/projects`, body), base: { name: 'Limits' }, prefix: [] },
  ProjectUpdate: { send: async (body) => json('PATCH', `${api}/projects/${await project()}`, body), base: { name: 'Renamed' }, prefix: [] },
  Step1Data: stepTarget(1),
  Step2Data: stepTarget(2),
  Step3Data: stepTarget(3),
  Step4Data: stepTarget(4),
  GeneratePdfRequest: {
    send: async (body) => json('POST', `${api}/sessions/${await pdfSession()}/generate-pdf`, body),
    // css styles nothing without html.
    base: (path: string) => (path === 'template.css' ? { template: { html: '<p>Styled</p>' } } : {}),
    prefix: [],
    refusedOnly: ['template.timeZone'],
    // A template that renders: text in a paragraph, a rule and a comment.
    syntax: {
      'template.html': (bytes) => `<p>${textOfBytes(bytes - 7)}</p>`,
      'template.css': (bytes) => `p { color: #333 } /* ${textOfBytes(bytes - 24)} */`,
    },
  },
  ActivityEvent: { send: (body) => json('POST', `${api}/activity/events`, body), base: { type: 'limits_checked' }, prefix: [] },
  RecommendationRequest: {
    send: async (body) => json('POST', `${api}/sessions/${await recommendationSession()}/wizard/recommendations`, body),
    base: { forStep: 2 },
    prefix: [],
  },
};

type ParameterSchema = { minimum?: number; maximum?: number };
let parameters: Record<string, { name: string; schema: ParameterSchema }>;

/** How a valid request sends each parameter with limits, by its component name. */
const PARAMETER_TARGETS: Record<string, (value: number) => Promise<JsonResponse>> = {
  // Steps before it saved, and its step's data, so that only the number can be wrong.
  StepNumber: async (step) => {
    const known = Math.min(Math.max(step, 1), 4) as 1 | 2 | 3 | 4;
    return json('PUT', `${api}/sessions/${await sessionBefore(known)}/wizard/step/${step}`, { stepData: WEB_CLIENT_STEPS[known] });
  },
  Limit: (limit) => call(`${api}/projects?limit=${limit}`, { headers: bearer(owner.accessToken) }),
  Offset: (offset) => call(`${api}/projects?offset=${offset}`, { headers: bearer(owner.accessToken) }),
};

describe('request limits: what the document says is what the server enforces', () => {
  it('names a limit for every request body generated from the contracts', () => {
    for (const name of Object.keys(TARGETS)) expect(boundaries(document.components.schemas[name]!).length).toBeGreaterThan(0);
    const all = Object.keys(TARGETS).flatMap((name) => boundaries(document.components.schemas[name]!));
    expect(all.length).toBeGreaterThanOrEqual(35);
    // The byte limits: a template's html and css, each step's data, activity metadata.
    expect(all.filter((boundary) => boundary.limit.startsWith(MAX_BYTES)).length).toBe(7);
  });

  it.each(Object.keys(TARGETS))('%s: at each limit accepted, one past it refused naming the field', async (name) => {
    const target = TARGETS[name]!;
    const schema = document.components.schemas[name]!;
    const wrap = (value: unknown) => (target.wrapIn ? { [target.wrapIn]: value } : value);
    const outcomes: string[] = [];
    for (const boundary of boundaries(schema, [], target.syntax)) {
      // A limit on the whole value (a step's data) is named by the body's key that holds it.
      const field = boundary.path.length === 0 && target.wrapIn ? target.wrapIn : [...target.prefix, ...boundary.path].join('.');
      const refusedOnly = target.refusedOnly?.includes(boundary.path.join('.')) ?? false;
      const base = async () =>
        typeof target.base === 'function' ? await (target.base as (path: string) => unknown)(boundary.path.join('.')) : target.base;
      const accepted = refusedOnly ? undefined : await target.send(wrap(withValue(await base(), schema, boundary.path, boundary.accepted)));
      const refused = await target.send(wrap(withValue(await base(), schema, boundary.path, boundary.refused)));
      outcomes.push(
        `${field} ${boundary.limit}: at ${!accepted || accepted.status < 300 || target.passed?.(accepted) ? 'accepted' : `refused ${accepted.status} ${accepted.text.slice(0, 300)}`}; ` +
          `past ${refused.status === 400 && refused.json?.error?.details?.field === field ? 'refused' : `${refused.status} ${refused.text.slice(0, 300)}`}`,
      );
    }
    expect(outcomes).toEqual(outcomes.map((line) => line.replace(/: at .*/, ': at accepted; past refused')));
  });

  it('path and query parameters: at each limit accepted, one past it refused naming the parameter', async () => {
    parameters = (document as unknown as { components: { parameters: typeof parameters } }).components.parameters;
    expect(Object.keys(parameters).sort()).toEqual(Object.keys(PARAMETER_TARGETS).sort());
    const outcomes: string[] = [];
    for (const [component, { name, schema }] of Object.entries(parameters)) {
      const send = PARAMETER_TARGETS[component]!;
      const limits = [
        ...(schema.maximum === undefined ? [] : [{ limit: `maximum ${schema.maximum}`, at: schema.maximum, past: schema.maximum + 1 }]),
        ...(schema.minimum === undefined ? [] : [{ limit: `minimum ${schema.minimum}`, at: schema.minimum, past: schema.minimum - 1 }]),
      ];
      expect(limits.length).toBeGreaterThan(0);
      for (const { limit, at, past } of limits) {
        const accepted = await send(at);
        const refused = await send(past);
        outcomes.push(
          `${name} ${limit}: at ${accepted.status < 300 ? 'accepted' : `refused ${accepted.status} ${accepted.text.slice(0, 300)}`}; ` +
            `past ${refused.status === 400 && refused.json?.error?.details?.field === name ? 'refused' : `${refused.status} ${refused.text.slice(0, 300)}`}`,
        );
      }
    }
    expect(outcomes).toEqual(outcomes.map((line) => line.replace(/: at .*/, ': at accepted; past refused')));
  });
});
