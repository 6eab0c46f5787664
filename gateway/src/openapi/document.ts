import { ERROR_CODES, type ErrorCode } from '@evalplan/common/errors';
import {
  ACTIVITY_EVENT_EXAMPLE,
  AUTH_RESULT_EXAMPLE,
  CONTRACT_STEP_DATA_EXAMPLES,
  CONVERTED_PROJECT_EXAMPLE,
  PDF_HISTORY_EXAMPLE,
  PDF_RESULT_EXAMPLE,
  PDF_TEMPLATE_EXAMPLE,
  PLAN_MARKDOWN_EXAMPLE,
  PLAN_RESULT_EXAMPLE,
  PROJECT_EXAMPLE,
  PROJECT_ID,
  projectStepAnswer,
  RECOMMENDATIONS_EXAMPLE,
  SESSION_EXAMPLE,
  SESSION_ID,
  sessionStepAnswer,
  STEP_DATA_EXAMPLES,
  USER_EXAMPLE,
} from './examples';
import { contractParameters, contractSchemas, responseSchemas } from './contract-schemas';

/**
 * The gateway's OpenAPI 3.1 document: every route it answers, with the
 * contract's schemas, error codes and examples. Served at /openapi.json and
 * shown at /docs. The system tests validate every response they receive
 * against it (test/helpers/openapi-validator.ts), and a unit test checks that
 * its paths are exactly the router's, so it cannot drift from the code.
 *
 * Answers every route may give, which are not repeated per operation, are in
 * components.responses: NotFound (no route at the path), MethodNotAllowed
 * (the path exists, the method does not), Preflight (any OPTIONS request),
 * InvalidBody, PayloadTooLarge and UnsupportedMediaType (a POST, PUT, PATCH or DELETE
 * body refused before routing) and ProtocolError (what Node's HTTP parser
 * refuses, with Connection: close).
 */

type Json = Record<string, unknown>;

const ref = (kind: 'schemas' | 'responses' | 'headers' | 'parameters', name: string): Json => ({ $ref: `#/components/${kind}/${name}` });
const schema = (name: string): Json => ref('schemas', name);

const JSON_TYPE = 'application/json';

// ---------------------------------------------------------------- schemas

const uuid: Json = { type: 'string', format: 'uuid' };

const headers: Record<string, Json> = {
  XRequestId: {
    description:
      'The caller\'s X-Request-Id when it is 1-128 characters of letters, digits and "._:-", else a fresh UUID. On every answer.',
    required: true,
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  },
  RetryAfter: { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
  SetRefreshCookie: {
    description:
      'refresh_token=<opaque>; Max-Age=<seconds until the sign-in ends unless used: REFRESH_IDLE_TTL, never past REFRESH_ABSOLUTE_TTL from the sign-in>; Expires=...; Path=/api/v1/auth; HttpOnly; SameSite=Lax (and Secure with COOKIE_SECURE=true). Register and login also set device_token=<signed token>; Max-Age=<DEVICE_TOKEN_TTL>; Path=/api/v1/auth/login; HttpOnly; SameSite=Lax: a later login to the same account presenting it is limited per device instead of per address.',
    required: true,
    schema: { type: 'string', pattern: 'refresh_token=[^;]+;.*Path=/api/v1/auth.*HttpOnly' },
  },
  ClearRefreshCookie: {
    description: 'refresh_token=; Max-Age=0; Path=/api/v1/auth; HttpOnly: the cookie is cleared.',
    required: true,
    schema: { type: 'string', pattern: 'refresh_token=;.*Path=/api/v1/auth' },
  },
  NoStore: { description: 'Never cached.', required: true, schema: { const: 'no-store' } },
  NoSniff: { description: 'Browsers take the Content-Type as given. On every answer.', required: true, schema: { const: 'nosniff' } },
  Allow: { description: 'The methods the path answers.', required: true, schema: { type: 'string', pattern: '^[A-Z]+(, [A-Z]+)*$' } },
  ConnectionClose: {
    description: 'A body that was not read whole: the gateway closes the connection after answering.',
    schema: { const: 'close' },
  },
  ContentDisposition: {
    description: 'attachment; filename="..." (and filename* in UTF-8 for the current-PDF downloads).',
    required: true,
    schema: { type: 'string', pattern: '^attachment; filename="[^"]+\\.pdf"' },
  },
  ContentLength: { description: 'The file size in bytes.', schema: { type: 'string', pattern: '^[0-9]+$' } },
  ETag: { description: 'Validator for If-None-Match.', required: true, schema: { type: 'string', minLength: 1 } },
  LastModified: { description: 'When the file was stored.', schema: { type: 'string' } },
  StoredPdfCache: {
    description: 'Kept by the browser that fetched it for a day at most, then revalidated; never by a shared cache (CDN, proxy).',
    required: true,
    schema: { const: 'private, max-age=86400' },
  },
  PrivateNoCache: { description: 'The current PDF changes when a step is saved.', required: true, schema: { const: 'private, no-cache' } },
  PlanCache: {
    description: 'The plan changes when a step is saved: a browser may keep it but asks again each time.',
    required: true,
    schema: { const: 'private, no-cache' },
  },
  VaryAccept: {
    description: 'The answer depends on Accept (and, as every answer, on Origin).',
    required: true,
    schema: { type: 'string', pattern: '(^|[ ,])Accept($|[ ,])' },
  },
  ExportDisposition: {
    description:
      'Markdown and DOCX only: attachment; filename="<plan title>.md" or ".docx" (and filename* in UTF-8 for titles beyond ASCII).',
    schema: { type: 'string', pattern: '^attachment; filename="[^"]+\\.(md|docx)"' },
  },
};

/** The headers every answer carries. */
const requestIdOnly = { 'X-Request-Id': ref('headers', 'XRequestId'), 'X-Content-Type-Options': ref('headers', 'NoSniff') };
/** Every error envelope, and every JSON answer but those that say otherwise, is never stored. */
const noStore = { 'Cache-Control': ref('headers', 'NoStore') };

// ---------------------------------------------------------------- responses

function envelopeExample(code: ErrorCode, details: Json = {}): Json {
  return { error: { code, message: ERROR_CODES[code].message, details } };
}

/** Example details where a code always carries some. */
const EXAMPLE_DETAILS: Partial<Record<ErrorCode, Json>> = {
  INVALID_INPUT: { field: 'body' },
  INVALID_STEP_DATA: { field: 'evaluationGoals' },
  STEP_PREREQUISITE_NOT_MET: { missingSteps: [2] },
  BAD_REQUEST: { path: '/api/v1/error' },
  INVALID_NOTIFY_EMAIL: { field: 'notifyEmail' },
  INVALID_PDF_TEMPLATE: { field: 'template.html' },
  INVALID_ACTIVITY_EVENT: { field: 'type' },
  INVALID_EMAIL: { field: 'email' },
  INVALID_PASSWORD: { field: 'password' },
  INVALID_PROJECT_NAME: { field: 'name' },
  RATE_LIMITED: { retryAfterSeconds: 42 },
};

/** An error answer whose code is one of `codes` (all of one status). */
function errorResponse(status: number, codes: ErrorCode[]): Json {
  const responseHeaders: Json = { ...requestIdOnly, ...noStore };
  if (status === 503 || codes.includes('RATE_LIMITED')) responseHeaders['Retry-After'] = ref('headers', 'RetryAfter');
  if (status === 413 || status === 415) responseHeaders.Connection = ref('headers', 'ConnectionClose');
  return {
    description: codes.join(', '),
    headers: responseHeaders,
    content: {
      [JSON_TYPE]: {
        schema: {
          allOf: [schema('ErrorEnvelope'), { properties: { error: { properties: { code: { enum: codes } } } } }],
        },
        examples: Object.fromEntries(codes.map((code) => [code, { value: envelopeExample(code, EXAMPLE_DETAILS[code]) }])),
      },
    },
  };
}

/** Error answers by status, for codes of the registry. */
function errors(codes: ErrorCode[]): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [String(status), errorResponse(status, list)]));
}

interface JsonAnswer {
  description: string;
  schema: Json;
  examples?: Record<string, Json>;
  example?: unknown;
  headers?: Json;
}

function jsonResponse(answer: JsonAnswer): Json {
  const media: Json = { schema: answer.schema };
  if (answer.examples) media.examples = answer.examples;
  if (answer.example !== undefined) media.example = answer.example;
  return { description: answer.description, headers: { ...requestIdOnly, ...noStore, ...answer.headers }, content: { [JSON_TYPE]: media } };
}

const responses: Record<string, Json> = {
  NotFound: errorResponse(404, ['NOT_FOUND']),
  MethodNotAllowed: {
    ...errorResponse(405, ['METHOD_NOT_ALLOWED']),
    headers: { ...requestIdOnly, ...noStore, Allow: ref('headers', 'Allow') },
  },
  Preflight: { description: 'Any OPTIONS request, whatever its path: no body.', headers: requestIdOnly },
  // A POST, PUT, PATCH or DELETE body refused before any route sees it (so also at paths without a route).
  InvalidBody: {
    ...errorResponse(400, ['INVALID_INPUT']),
    description:
      'Malformed JSON, a top-level value that is not an object or array, nesting over 64 levels, or text PostgreSQL cannot store (details.field names it).',
  },
  PayloadTooLarge: { ...errorResponse(413, ['PAYLOAD_TOO_LARGE']), description: 'A body over 1 MiB, declared or counted while reading.' },
  UnsupportedMediaType: {
    ...errorResponse(415, ['UNSUPPORTED_MEDIA_TYPE']),
    description: 'A body that is not JSON (application/json or application/*+json, UTF-8), or is encoded.',
  },
  ProtocolError: {
    ...errorResponse(400, ['BAD_REQUEST', 'REQUEST_TIMEOUT', 'PAYLOAD_TOO_LARGE', 'REQUEST_HEADERS_TOO_LARGE']),
    description:
      "What Node's HTTP parser refuses before any route sees it, always with Connection: close: bytes that are not HTTP 400 BAD_REQUEST; headers over 16 KB 431 REQUEST_HEADERS_TOO_LARGE; a request not complete within 60 s 408 REQUEST_TIMEOUT; oversized chunk extensions 413 PAYLOAD_TOO_LARGE. Any status of these.",
  },
};

// ---------------------------------------------------------------- operations

/** Codes every POST, PUT, PATCH and DELETE may answer before its route runs. */
const BODY_ERRORS: ErrorCode[] = ['INVALID_INPUT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];
/** A call to a service that may be away. */
const SERVICE_ERRORS: ErrorCode[] = ['SERVICE_UNAVAILABLE', 'INTERNAL_SERVER_ERROR'];
const SIGNED_IN_ERRORS: ErrorCode[] = ['UNAUTHORIZED', ...SERVICE_ERRORS];

const BEARER = [{ bearerAuth: [] }];
const OPTIONAL_BEARER = [{}, { bearerAuth: [] }];

const sessionIdParam: Json = {
  name: 'sessionId',
  in: 'path',
  required: true,
  description: 'A session id (UUID); anything else is INVALID_SESSION_ID.',
  schema: uuid,
  example: SESSION_ID,
};
const projectIdParam: Json = {
  name: 'projectId',
  in: 'path',
  required: true,
  description: 'A project id (UUID); anything else is INVALID_PROJECT_ID.',
  schema: uuid,
  example: PROJECT_ID,
};
const stepNumberParam = ref('parameters', 'StepNumber');

function jsonBodyOf(schemaRef: Json, examples?: Record<string, Json>, required = true): Json {
  const media: Json = { schema: schemaRef };
  if (examples) media.examples = examples;
  return { required, content: { [JSON_TYPE]: media } };
}

const stepSaveBody = jsonBodyOf(
  schema('StepSave'),
  Object.fromEntries(
    ([1, 2, 3, 4] as const).flatMap((step) => [
      [`step${step}`, { summary: `Step ${step} as the web client sends it`, value: { stepData: STEP_DATA_EXAMPLES[step] } }],
      [`step${step}Contract`, { summary: `Step ${step} in the contract's words`, value: { stepData: CONTRACT_STEP_DATA_EXAMPLES[step] } }],
    ]),
  ),
);

function stepExamples(answer: (step: 1 | 2 | 3 | 4) => Json): Record<string, Json> {
  return Object.fromEntries(
    ([1, 2, 3, 4] as const).map((step) => [`step${step}`, { summary: `After saving step ${step}`, value: answer(step) }]),
  );
}

const recommendationsBody = jsonBodyOf(schema('RecommendationRequest'), {
  methods: { summary: 'Methods for step 2', value: { forStep: 2 } },
  instruments: { summary: 'Instruments for step 3', value: { forStep: 3 } },
  nextSteps: { summary: 'Next steps for step 4', value: { forStep: 4 } },
});

const generatePdfBody = jsonBodyOf(
  schema('GeneratePdfRequest'),
  {
    builtIn: { summary: 'The built-in layout, no mail', value: {} },
    notify: { summary: 'Mail the link', value: { notifyEmail: 'ada@example.org' } },
    template: { summary: 'A custom template', value: { template: PDF_TEMPLATE_EXAMPLE } },
  },
  false,
);

const pdfFile: Json = {
  description: 'The PDF.',
  headers: {
    ...requestIdOnly,
    'Content-Disposition': ref('headers', 'ContentDisposition'),
    'Content-Length': ref('headers', 'ContentLength'),
    ETag: ref('headers', 'ETag'),
    'Last-Modified': ref('headers', 'LastModified'),
  },
  content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
};
const notModified: Json = { description: 'If-None-Match matched: not modified.', headers: requestIdOnly };

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const timeZoneParam: Json = {
  name: 'timeZone',
  in: 'query',
  required: false,
  description:
    'The IANA time zone (e.g. Europe/Berlin, any case) the date of a Markdown or DOCX export is given in; UTC when absent. Unknown, longer than 64 characters or repeated: INVALID_INPUT. Not used for JSON.',
  schema: { type: 'string', maxLength: 64 },
  example: 'Europe/Berlin',
};

const planAnswer: Json = {
  description:
    'The plan in the format Accept prefers: JSON when it asks for application/json, */* or nothing; Markdown (CommonMark with GitHub tables) for text/markdown; a Word document for the DOCX type. Markdown and DOCX come as attachments named after the plan.',
  headers: {
    ...requestIdOnly,
    'Cache-Control': ref('headers', 'PlanCache'),
    Vary: ref('headers', 'VaryAccept'),
    'Content-Disposition': ref('headers', 'ExportDisposition'),
  },
  content: {
    [JSON_TYPE]: { schema: schema('PlanResult'), example: PLAN_RESULT_EXAMPLE },
    'text/markdown': { schema: { type: 'string' }, example: PLAN_MARKDOWN_EXAMPLE },
    [DOCX_TYPE]: { schema: { type: 'string', contentMediaType: DOCX_TYPE } },
  },
};

const PLAN_DESCRIPTION =
  'The plan of a complete wizard (WIZARD_INCOMPLETE otherwise) with goal coverage, time budget, ethics checklist and references, in the format the Accept header prefers; an Accept none of the three formats meets is NOT_ACCEPTABLE, before the wizard is looked at. Markdown and DOCX carry the sections of the built-in PDF layout, in its order. Nothing is stored or recorded.';

const projectAnswer = (description: string): Json => jsonResponse({ description, schema: schema('Project'), example: PROJECT_EXAMPLE });

/** Register, login and refresh: the refresh token in its cookie, the answer never cached. */
const signedInHeaders: Json = { 'Set-Cookie': ref('headers', 'SetRefreshCookie'), 'Cache-Control': ref('headers', 'NoStore') };

const paths: Record<string, Json> = {
  '/health': {
    get: {
      tags: ['Probes'],
      operationId: 'health',
      summary: 'Liveness',
      description: 'The process answers; also while the gateway still waits for its dependencies at start.',
      responses: { 200: jsonResponse({ description: 'Alive.', schema: schema('Status'), example: { status: 'ok' } }) },
    },
  },
  '/ready': {
    get: {
      tags: ['Probes'],
      operationId: 'ready',
      summary: 'Readiness',
      description:
        'Checks, in parallel with a 1 s timeout each, the database as the services report it, the cache, and every service. 503 when any is not there.',
      responses: {
        200: jsonResponse({
          description: 'Ready.',
          schema: schema('ReadyStatus'),
          headers: { 'Cache-Control': ref('headers', 'NoStore') },
          example: { status: 'ok', database: 'ok', cache: 'ok', services: { auth: 'ok', wizard: 'ok', pdf: 'ok', activity: 'ok' } },
        }),
        503: jsonResponse({
          description: 'Not ready: each failed part is "error".',
          schema: schema('ReadyStatus'),
          headers: { 'Cache-Control': ref('headers', 'NoStore') },
          example: {
            status: 'error',
            database: 'error',
            cache: 'ok',
            services: { auth: 'ok', wizard: 'error', pdf: 'ok', activity: 'ok' },
          },
        }),
      },
    },
  },
  '/api/v1/ping': {
    get: {
      tags: ['Probes'],
      operationId: 'ping',
      summary: 'Ping',
      responses: { 200: jsonResponse({ description: 'Pong.', schema: schema('Message'), example: { message: 'pong' } }) },
    },
  },
  '/api/v1/panic': {
    get: {
      tags: ['Probes'],
      operationId: 'panic',
      summary: 'A deliberate unexpected failure',
      description: 'Always 500, produced by the recovery middleware.',
      responses: errors(['INTERNAL_SERVER_ERROR']),
    },
  },
  '/api/v1/error': {
    get: {
      tags: ['Probes'],
      operationId: 'sampleError',
      summary: 'A sample error',
      description: 'Always 400 BAD_REQUEST with the request path in details.path.',
      responses: errors(['BAD_REQUEST']),
    },
  },
  '/api/v1/auth/register': {
    post: {
      tags: ['Accounts'],
      operationId: 'register',
      summary: 'Register',
      requestBody: jsonBodyOf(schema('RegisterCredentials'), {
        register: { value: { email: 'ada@example.com', password: 'correct horse battery' } },
      }),
      responses: {
        201: jsonResponse({
          description: 'Registered and signed in.',
          schema: schema('AuthResult'),
          headers: signedInHeaders,
          example: AUTH_RESULT_EXAMPLE,
        }),
        ...errors([...BODY_ERRORS, 'INVALID_EMAIL', 'INVALID_PASSWORD', 'EMAIL_ALREADY_EXISTS', 'RATE_LIMITED', ...SERVICE_ERRORS]),
      },
    },
  },
  '/api/v1/auth/login': {
    post: {
      tags: ['Accounts'],
      operationId: 'login',
      summary: 'Log in',
      description:
        'INVALID_CREDENTIALS for an unknown address and a wrong password alike. Every attempt is counted before the password is checked, per client address and per e-mail address (in a short window and in the hour); a success gives its count back. A device_token cookie this account received at an earlier login or registration replaces the per-address limits by limits of that device, so failures elsewhere do not lock the owner out. Past a limit: 429 RATE_LIMITED with Retry-After.',
      requestBody: jsonBodyOf(schema('LoginCredentials'), {
        login: { value: { email: 'ada@example.com', password: 'correct horse battery' } },
      }),
      responses: {
        200: jsonResponse({
          description: 'Signed in.',
          schema: schema('AuthResult'),
          headers: signedInHeaders,
          example: AUTH_RESULT_EXAMPLE,
        }),
        ...errors([...BODY_ERRORS, 'INVALID_CREDENTIALS', 'RATE_LIMITED', ...SERVICE_ERRORS]),
      },
    },
  },
  '/api/v1/auth/refresh': {
    post: {
      tags: ['Accounts'],
      operationId: 'refresh',
      summary: 'Rotate the refresh token',
      description:
        'The refresh_token cookie is the credential; a body is ignored. The presented token is rotated and its successor set. A token rotated less than REFRESH_REUSE_GRACE ago (two tabs, a double request) gets the same successor again; one rotated longer ago is taken for theft and ends its whole sign-in, access tokens included. A failed refresh leaves the cookie alone.',
      security: [{ refreshCookie: [] }],
      responses: {
        200: jsonResponse({
          description: 'A new access token and a rotated cookie.',
          schema: schema('AuthResult'),
          headers: signedInHeaders,
          example: AUTH_RESULT_EXAMPLE,
        }),
        ...errors([...BODY_ERRORS, 'UNAUTHORIZED', ...SERVICE_ERRORS]),
      },
    },
  },
  '/api/v1/auth/logout': {
    post: {
      tags: ['Accounts'],
      operationId: 'logout',
      summary: 'Log out',
      description:
        'Ends the sign-in of the refresh cookie and of the bearer token: their refresh tokens are revoked and their access tokens refused from the next request on. Never fails for missing or invalid tokens; the cookie is cleared in any case.',
      security: [{}, { bearerAuth: [] }, { refreshCookie: [] }, { bearerAuth: [], refreshCookie: [] }],
      responses: {
        200: jsonResponse({
          description: 'Signed out.',
          schema: schema('Status'),
          headers: { 'Set-Cookie': ref('headers', 'ClearRefreshCookie'), 'Cache-Control': ref('headers', 'NoStore') },
          example: { status: 'ok' },
        }),
        ...errors([...BODY_ERRORS, ...SERVICE_ERRORS]),
      },
    },
  },
  '/api/v1/auth/me': {
    get: {
      tags: ['Accounts'],
      operationId: 'me',
      summary: 'The signed-in user',
      security: BEARER,
      responses: {
        200: jsonResponse({
          description: 'The user.',
          schema: schema('User'),
          headers: { 'Cache-Control': ref('headers', 'NoStore') },
          example: USER_EXAMPLE,
        }),
        ...errors(SIGNED_IN_ERRORS),
      },
    },
    delete: {
      tags: ['Accounts'],
      operationId: 'deleteAccount',
      summary: 'Delete the account',
      description:
        'Checks the password, deletes every project with its stored PDFs, keeps activity events without the user id, then in one transaction ends every sign-in (access tokens included) and deletes the account. Each part is idempotent and the account goes last, so a 503 part-way is retried with the same access token. The same address can register again afterwards.',
      security: BEARER,
      requestBody: jsonBodyOf(schema('AccountDeletion'), { deleteAccount: { value: { password: 'correct horse battery' } } }),
      responses: {
        204: {
          description: 'Deleted; no body. The refresh cookie is cleared.',
          headers: { ...requestIdOnly, 'Set-Cookie': ref('headers', 'ClearRefreshCookie') },
        },
        ...errors([...BODY_ERRORS, 'INCORRECT_PASSWORD', 'RATE_LIMITED', ...SIGNED_IN_ERRORS]),
      },
    },
  },
  '/api/v1/auth/me/export': {
    get: {
      tags: ['Accounts'],
      operationId: 'exportAccount',
      summary: 'Export my data',
      description:
        'One JSON document, streamed: the account, every project with its wizard data and PDFs, and every activity event. If a part fails after the answer started, the connection is cut rather than a truncated document looking whole.',
      security: BEARER,
      responses: {
        200: {
          description: 'The export, as an attachment.',
          headers: {
            ...requestIdOnly,
            'Cache-Control': ref('headers', 'NoStore'),
            'Content-Disposition': {
              description: 'attachment; filename="evalplan-export.json"',
              required: true,
              schema: { type: 'string', pattern: '^attachment; filename="[^"]+\\.json"' },
            },
          },
          content: { [JSON_TYPE]: { schema: schema('AccountExport') } },
        },
        ...errors(SIGNED_IN_ERRORS),
      },
    },
  },
  '/api/v1/auth/password': {
    post: {
      tags: ['Accounts'],
      operationId: 'changePassword',
      summary: 'Change the password',
      description:
        'Every sign-in of the person ends at once (their access tokens too); the device that asked gets a fresh pair in a new sign-in, so it stays signed in. A wrong current password is 403 INCORRECT_PASSWORD (not 401: the sign-in itself is fine).',
      security: BEARER,
      requestBody: jsonBodyOf(schema('PasswordChange'), {
        change: { value: { currentPassword: 'correct horse battery', newPassword: 'a much longer passphrase' } },
      }),
      responses: {
        200: jsonResponse({
          description: 'Changed; a fresh pair.',
          schema: schema('AuthResult'),
          headers: signedInHeaders,
          example: AUTH_RESULT_EXAMPLE,
        }),
        ...errors([...BODY_ERRORS, 'INVALID_PASSWORD', 'INCORRECT_PASSWORD', 'RATE_LIMITED', ...SIGNED_IN_ERRORS]),
      },
    },
  },
  '/api/v1/auth/password-reset': {
    post: {
      tags: ['Accounts'],
      operationId: 'requestPasswordReset',
      summary: 'Ask for a password reset e-mail',
      description:
        'Always 202, whether an account has the address or not, and in the same time either way: the e-mail (a link to PASSWORD_RESET_URL with a single-use token, valid for PASSWORD_RESET_TTL) is sent in the background. Rate-limited per address and per client IP.',
      requestBody: jsonBodyOf(schema('PasswordResetRequest'), { reset: { value: { email: 'ada@example.com' } } }),
      responses: {
        202: jsonResponse({
          description: 'Accepted.',
          schema: schema('Accepted'),
          headers: { 'Cache-Control': ref('headers', 'NoStore') },
          example: { status: 'accepted' },
        }),
        ...errors([...BODY_ERRORS, 'INVALID_EMAIL', 'RATE_LIMITED', ...SERVICE_ERRORS]),
      },
    },
  },
  '/api/v1/auth/password-reset/confirm': {
    post: {
      tags: ['Accounts'],
      operationId: 'confirmPasswordReset',
      summary: 'Set a new password with a reset token',
      description: 'Sets the password and ends every sign-in of the person. The token works once.',
      requestBody: jsonBodyOf(schema('PasswordResetConfirm'), {
        confirm: { value: { token: 'q3Xw0n2t8Yb1rS7vK4mP9aLc5dE6fG0hJ2kN8pQ1rT4', newPassword: 'a much longer passphrase' } },
      }),
      responses: {
        204: {
          description: 'The password is set; no body. Sign in with it.',
          headers: { ...requestIdOnly, 'Cache-Control': ref('headers', 'NoStore') },
        },
        ...errors([...BODY_ERRORS, 'INVALID_PASSWORD', 'INVALID_RESET_TOKEN', 'RESET_TOKEN_EXPIRED', 'RATE_LIMITED', ...SERVICE_ERRORS]),
      },
    },
  },
  '/api/v1/auth/sessions': {
    get: {
      tags: ['Accounts'],
      operationId: 'listSignIns',
      summary: 'Where I am signed in',
      security: BEARER,
      responses: {
        200: jsonResponse({
          description: 'Live sign-ins.',
          schema: schema('SignInSessionList'),
          headers: { 'Cache-Control': ref('headers', 'NoStore') },
          example: {
            sessions: [
              {
                id: '1f0c2f7e-5d4b-4c1a-9e8f-2a3b4c5d6e7f',
                createdAt: '2026-11-20T09:12:44.120Z',
                lastUsedAt: '2026-11-27T08:01:02.003Z',
                expiresAt: '2026-12-27T08:01:02.003Z',
                device: 'Firefox on Linux',
                current: true,
              },
            ],
          },
        }),
        ...errors(SIGNED_IN_ERRORS),
      },
    },
  },
  '/api/v1/auth/sessions/{signInId}': {
    parameters: [
      {
        name: 'signInId',
        in: 'path',
        required: true,
        description: 'A sign-in id from GET /api/v1/auth/sessions.',
        schema: { type: 'string' },
      },
    ],
    delete: {
      tags: ['Accounts'],
      operationId: 'endSignIn',
      summary: 'End one sign-in',
      description:
        "Its refresh token and access tokens stop working at once. Another person's sign-in is SIGN_IN_NOT_FOUND, like an unknown one.",
      security: BEARER,
      responses: {
        204: { description: 'Ended; no body.', headers: requestIdOnly },
        ...errors([...BODY_ERRORS, 'INVALID_SIGN_IN_ID', 'SIGN_IN_NOT_FOUND', ...SIGNED_IN_ERRORS]),
      },
    },
  },
  '/api/v1/auth/logout-all': {
    post: {
      tags: ['Accounts'],
      operationId: 'logoutAll',
      summary: 'Sign out everywhere',
      description: 'Ends every sign-in of the person, this one included; the cookie is cleared.',
      security: BEARER,
      responses: {
        200: jsonResponse({
          description: 'Signed out everywhere.',
          schema: schema('LogoutAllResult'),
          headers: { 'Set-Cookie': ref('headers', 'ClearRefreshCookie'), 'Cache-Control': ref('headers', 'NoStore') },
          example: { status: 'ok', ended: 3 },
        }),
        ...errors([...BODY_ERRORS, ...SIGNED_IN_ERRORS]),
      },
    },
  },
  '/api/v1/sessions/create': {
    post: {
      tags: ['Sessions'],
      operationId: 'createSession',
      summary: 'Start an anonymous wizard',
      description:
        'No body needed. expiresAt is createdAt + SESSION_TTL (48 h). Limited per client address (SESSION_CREATE_RATE_LIMIT_PER_IP): 429 RATE_LIMITED with Retry-After past it.',
      responses: {
        201: jsonResponse({ description: 'A session with a fresh wizard.', schema: schema('Session'), example: SESSION_EXAMPLE }),
        ...errors([...BODY_ERRORS, 'RATE_LIMITED', ...SERVICE_ERRORS]),
      },
    },
  },
  '/api/v1/sessions/{sessionId}': {
    parameters: [sessionIdParam],
    get: {
      tags: ['Sessions'],
      operationId: 'getSession',
      summary: 'Read a session',
      responses: {
        200: jsonResponse({ description: 'The session.', schema: schema('Session'), example: SESSION_EXAMPLE }),
        ...errors(['INVALID_SESSION_ID', 'SESSION_NOT_FOUND', ...SERVICE_ERRORS]),
      },
    },
  },
  '/api/v1/sessions/{sessionId}/wizard/step/{stepNumber}': {
    parameters: [sessionIdParam, stepNumberParam],
    put: {
      tags: ['Sessions'],
      operationId: 'saveSessionStep',
      summary: 'Save a wizard step',
      description:
        'Steps 1 to n-1 must be saved first (STEP_PREREQUISITE_NOT_MET, details.missingSteps). Re-saving an earlier step keeps the later ones; every save clears pdfUrl. stepData is echoed as sent.',
      requestBody: stepSaveBody,
      responses: {
        200: jsonResponse({ description: 'Saved.', schema: schema('SessionStepResult'), examples: stepExamples(sessionStepAnswer) }),
        ...errors([
          ...BODY_ERRORS,
          'INVALID_SESSION_ID',
          'INVALID_STEP_NUMBER',
          'INVALID_STEP_DATA',
          'STEP_PREREQUISITE_NOT_MET',
          'SESSION_NOT_FOUND',
          ...SERVICE_ERRORS,
        ]),
      },
    },
  },
  '/api/v1/sessions/{sessionId}/wizard/recommendations': {
    parameters: [sessionIdParam],
    post: {
      tags: ['Sessions'],
      operationId: 'recommendForSession',
      summary: 'Recommendations for a step',
      description: 'Step 2: methods from step 1; step 3: instruments from steps 1 and 2; step 4: next steps from steps 1 to 3.',
      requestBody: recommendationsBody,
      responses: {
        200: jsonResponse({ description: 'Recommendations.', schema: schema('Recommendations'), example: RECOMMENDATIONS_EXAMPLE }),
        ...errors([...BODY_ERRORS, 'INVALID_SESSION_ID', 'INVALID_RECOMMENDATION_STEP', 'SESSION_NOT_FOUND', ...SERVICE_ERRORS]),
      },
    },
  },
  '/api/v1/sessions/{sessionId}/convert': {
    parameters: [sessionIdParam],
    post: {
      tags: ['Sessions'],
      operationId: 'convertSession',
      summary: 'Convert a session into a project',
      description:
        "Creates the caller's project from the session's wizard exactly as stored, copies pdfUrl and deletes the session, in one transaction. A second conversion gets SESSION_NOT_FOUND.",
      security: BEARER,
      requestBody: jsonBodyOf(schema('ProjectCreate'), { convert: { value: { name: 'Quest log study', description: 'Spring round' } } }),
      responses: {
        201: jsonResponse({ description: 'The project.', schema: schema('Project'), example: CONVERTED_PROJECT_EXAMPLE }),
        ...errors([...BODY_ERRORS, 'INVALID_SESSION_ID', 'INVALID_PROJECT_NAME', 'SESSION_NOT_FOUND', ...SIGNED_IN_ERRORS]),
      },
    },
  },
  '/api/v1/sessions/{sessionId}/generate-pdf': {
    parameters: [sessionIdParam],
    post: {
      tags: ['PDFs'],
      operationId: 'generateSessionPdf',
      summary: "Render the session's plan",
      description:
        'The wizard must be complete. Checks the body first (INVALID_INPUT, INVALID_NOTIFY_EMAIL, INVALID_PDF_TEMPLATE), then the wizard, then renders. Every generation writes a new file. Limited per client address and per session: generations per window and PDFs in progress at once (429 RATE_LIMITED with Retry-After). A notifyEmail over its own limits (per recipient, client address and session) does not fail the request: the PDF is made and email.sent is false with email.reason.',
      requestBody: generatePdfBody,
      responses: {
        200: jsonResponse({
          description: 'Stored; the URL is public.',
          schema: schema('PdfResult'),
          headers: { 'Cache-Control': ref('headers', 'NoStore') },
          example: { ...PDF_RESULT_EXAMPLE, pdfUrl: `https://plans.example.org/files/pdfs/sessions/${SESSION_ID}/1795448034641746265.pdf` },
        }),
        ...errors([
          ...BODY_ERRORS,
          'INVALID_SESSION_ID',
          'WIZARD_INCOMPLETE',
          'INVALID_NOTIFY_EMAIL',
          'INVALID_PDF_TEMPLATE',
          'SESSION_NOT_FOUND',
          'RATE_LIMITED',
          'PDF_RENDERER_UNAVAILABLE',
          'PDF_GENERATION_FAILED',
          'INTERNAL_SERVER_ERROR',
        ]),
      },
    },
  },
  '/api/v1/sessions/{sessionId}/download-pdf': {
    parameters: [sessionIdParam],
    get: {
      tags: ['PDFs'],
      operationId: 'downloadSessionPdf',
      summary: "The session's current PDF",
      description: 'Named after the plan. PDF_NOT_FOUND when none was generated since the last step save.',
      responses: {
        200: { ...pdfFile, headers: { ...(pdfFile.headers as Json), 'Cache-Control': ref('headers', 'PrivateNoCache') } },
        304: notModified,
        ...errors(['INVALID_SESSION_ID', 'SESSION_NOT_FOUND', 'PDF_NOT_FOUND', ...SERVICE_ERRORS]),
      },
    },
  },
  '/api/v1/sessions/{sessionId}/plan': {
    parameters: [sessionIdParam],
    get: {
      tags: ['PDFs'],
      operationId: 'sessionPlan',
      summary: "The session's plan as JSON, Markdown or DOCX",
      description: PLAN_DESCRIPTION,
      parameters: [timeZoneParam],
      responses: {
        200: planAnswer,
        ...errors(['INVALID_SESSION_ID', 'INVALID_INPUT', 'WIZARD_INCOMPLETE', 'SESSION_NOT_FOUND', 'NOT_ACCEPTABLE', ...SERVICE_ERRORS]),
      },
    },
  },
  '/api/v1/projects': {
    post: {
      tags: ['Projects'],
      operationId: 'createProject',
      summary: 'Create a project',
      security: BEARER,
      requestBody: jsonBodyOf(schema('ProjectCreate'), { create: { value: { name: 'Quest log study', description: 'Spring round' } } }),
      responses: {
        201: projectAnswer('A project with a fresh wizard.'),
        ...errors([...BODY_ERRORS, 'INVALID_PROJECT_NAME', ...SIGNED_IN_ERRORS]),
      },
    },
    get: {
      tags: ['Projects'],
      operationId: 'listProjects',
      summary: "The caller's projects",
      description:
        'Newest first. Anything but a non-negative whole number (or a repeated parameter) is INVALID_PAGINATION. limit=0 answers only total.',
      security: BEARER,
      parameters: [ref('parameters', 'Limit'), ref('parameters', 'Offset')],
      responses: {
        200: jsonResponse({
          description: 'A page of projects.',
          schema: schema('ProjectList'),
          example: { projects: [PROJECT_EXAMPLE], total: 1, limit: 50, offset: 0, hasMore: false },
        }),
        ...errors(['INVALID_PAGINATION', ...SIGNED_IN_ERRORS]),
      },
    },
  },
  '/api/v1/projects/{projectId}': {
    parameters: [projectIdParam],
    get: {
      tags: ['Projects'],
      operationId: 'getProject',
      summary: 'Read a project',
      security: BEARER,
      responses: {
        200: projectAnswer('The project.'),
        ...errors(['INVALID_PROJECT_ID', 'FORBIDDEN', 'PROJECT_NOT_FOUND', ...SIGNED_IN_ERRORS]),
      },
    },
    patch: {
      tags: ['Projects'],
      operationId: 'updateProject',
      summary: 'Rename or describe a project',
      description: 'Only name and description change (one or both); the wizard is untouched.',
      security: BEARER,
      requestBody: jsonBodyOf(schema('ProjectUpdate'), { rename: { value: { name: 'Quest log study, round 2' } } }),
      responses: {
        200: projectAnswer('The updated project.'),
        ...errors([...BODY_ERRORS, 'INVALID_PROJECT_ID', 'INVALID_PROJECT_NAME', 'FORBIDDEN', 'PROJECT_NOT_FOUND', ...SIGNED_IN_ERRORS]),
      },
    },
    delete: {
      tags: ['Projects'],
      operationId: 'deleteProject',
      summary: 'Delete a project',
      description: 'A hard delete, with its PDF files; if the files cannot be deleted the project stays and the request fails.',
      security: BEARER,
      responses: {
        204: { description: 'Deleted; no body.', headers: requestIdOnly },
        ...errors([...BODY_ERRORS, 'INVALID_PROJECT_ID', 'FORBIDDEN', 'PROJECT_NOT_FOUND', ...SIGNED_IN_ERRORS]),
      },
    },
  },
  '/api/v1/projects/{projectId}/wizard/step/{stepNumber}': {
    parameters: [projectIdParam, stepNumberParam],
    put: {
      tags: ['Projects'],
      operationId: 'saveProjectStep',
      summary: 'Save a wizard step',
      description: 'As for sessions. stepData is echoed as sent.',
      security: BEARER,
      requestBody: stepSaveBody,
      responses: {
        200: jsonResponse({ description: 'Saved.', schema: schema('ProjectStepResult'), examples: stepExamples(projectStepAnswer) }),
        ...errors([
          ...BODY_ERRORS,
          'INVALID_PROJECT_ID',
          'INVALID_STEP_NUMBER',
          'INVALID_STEP_DATA',
          'STEP_PREREQUISITE_NOT_MET',
          'FORBIDDEN',
          'PROJECT_NOT_FOUND',
          ...SIGNED_IN_ERRORS,
        ]),
      },
    },
  },
  '/api/v1/projects/{projectId}/wizard/recommendations': {
    parameters: [projectIdParam],
    post: {
      tags: ['Projects'],
      operationId: 'recommendForProject',
      summary: 'Recommendations for a step',
      description: 'As for sessions: forStep 2, 3 or 4.',
      security: BEARER,
      requestBody: recommendationsBody,
      responses: {
        200: jsonResponse({ description: 'Recommendations.', schema: schema('Recommendations'), example: RECOMMENDATIONS_EXAMPLE }),
        ...errors([
          ...BODY_ERRORS,
          'INVALID_PROJECT_ID',
          'INVALID_RECOMMENDATION_STEP',
          'FORBIDDEN',
          'PROJECT_NOT_FOUND',
          ...SIGNED_IN_ERRORS,
        ]),
      },
    },
  },
  '/api/v1/projects/{projectId}/generate-pdf': {
    parameters: [projectIdParam],
    post: {
      tags: ['PDFs'],
      operationId: 'generateProjectPdf',
      summary: "Render the project's plan",
      description:
        'As for sessions, for the owner; the limits per session count per user here. SERVICE_UNAVAILABLE only when the bearer token cannot be checked.',
      security: BEARER,
      requestBody: generatePdfBody,
      responses: {
        200: jsonResponse({
          description: 'Stored; the URL is public.',
          schema: schema('PdfResult'),
          headers: { 'Cache-Control': ref('headers', 'NoStore') },
          example: PDF_RESULT_EXAMPLE,
        }),
        ...errors([
          ...BODY_ERRORS,
          'INVALID_PROJECT_ID',
          'WIZARD_INCOMPLETE',
          'INVALID_NOTIFY_EMAIL',
          'INVALID_PDF_TEMPLATE',
          'FORBIDDEN',
          'PROJECT_NOT_FOUND',
          'RATE_LIMITED',
          'PDF_RENDERER_UNAVAILABLE',
          'PDF_GENERATION_FAILED',
          ...SIGNED_IN_ERRORS,
        ]),
      },
    },
  },
  '/api/v1/projects/{projectId}/download-pdf': {
    parameters: [projectIdParam],
    get: {
      tags: ['PDFs'],
      operationId: 'downloadProjectPdf',
      summary: "The project's current PDF",
      security: BEARER,
      responses: {
        200: { ...pdfFile, headers: { ...(pdfFile.headers as Json), 'Cache-Control': ref('headers', 'PrivateNoCache') } },
        304: notModified,
        ...errors(['INVALID_PROJECT_ID', 'FORBIDDEN', 'PROJECT_NOT_FOUND', 'PDF_NOT_FOUND', ...SIGNED_IN_ERRORS]),
      },
    },
  },
  '/api/v1/projects/{projectId}/plan': {
    parameters: [projectIdParam],
    get: {
      tags: ['PDFs'],
      operationId: 'projectPlan',
      summary: "The project's plan as JSON, Markdown or DOCX",
      description: `${PLAN_DESCRIPTION} Owner only.`,
      security: BEARER,
      parameters: [timeZoneParam],
      responses: {
        200: planAnswer,
        ...errors([
          'INVALID_PROJECT_ID',
          'INVALID_INPUT',
          'WIZARD_INCOMPLETE',
          'FORBIDDEN',
          'PROJECT_NOT_FOUND',
          'NOT_ACCEPTABLE',
          ...SIGNED_IN_ERRORS,
        ]),
      },
    },
  },
  '/api/v1/projects/{projectId}/pdfs': {
    parameters: [projectIdParam],
    get: {
      tags: ['PDFs'],
      operationId: 'listProjectPdfs',
      summary: "The project's kept PDFs (beyond the contract)",
      description:
        'Every PDF still stored for the project, newest first: its own (the last PDF_KEEP_VERSIONS) and those of the session it was converted from. Owner only.',
      security: BEARER,
      responses: {
        200: jsonResponse({ description: 'The kept PDFs.', schema: schema('PdfHistory'), example: PDF_HISTORY_EXAMPLE }),
        ...errors(['INVALID_PROJECT_ID', 'FORBIDDEN', 'PROJECT_NOT_FOUND', ...SIGNED_IN_ERRORS]),
      },
    },
  },
  '/api/v1/catalog': {
    get: {
      tags: ['Wizard catalog'],
      operationId: 'catalog',
      summary: 'Goals, options, methods, instruments and next steps',
      responses: {
        200: jsonResponse({
          description: 'The catalog.',
          schema: schema('Catalog'),
          headers: {
            'Cache-Control': { description: 'Reusable for 5 minutes.', required: true, schema: { const: 'public, max-age=300' } },
          },
        }),
        ...errors(SERVICE_ERRORS),
      },
    },
  },
  '/api/v1/activity/events': {
    post: {
      tags: ['Activity'],
      operationId: 'recordActivityEvent',
      summary: 'Record a client event',
      description:
        "Stored as frontend_<type>; user_id from the optional bearer token. While PostgreSQL is away the event is spooled to disk and stored later (still 202). Limited per client address and per session (the event's sessionId) or signed-in user: 429 RATE_LIMITED with Retry-After past a limit.",
      security: OPTIONAL_BEARER,
      requestBody: jsonBodyOf(schema('ActivityEvent'), { stepViewed: { value: ACTIVITY_EVENT_EXAMPLE } }),
      responses: {
        202: jsonResponse({ description: 'Accepted.', schema: schema('Accepted'), example: { status: 'accepted' } }),
        ...errors([
          ...BODY_ERRORS,
          'INVALID_ACTIVITY_EVENT',
          'UNAUTHORIZED',
          'RATE_LIMITED',
          'ACTIVITY_RECORD_FAILED',
          'ACTIVITY_RECORDER_UNAVAILABLE',
          'INTERNAL_SERVER_ERROR',
        ]),
      },
    },
  },
  '/files/pdfs/{scope}/{ownerId}/{fileName}': {
    parameters: [
      { name: 'scope', in: 'path', required: true, schema: { enum: ['sessions', 'projects'] } },
      { name: 'ownerId', in: 'path', required: true, description: 'The session or project id.', schema: uuid },
      {
        name: 'fileName',
        in: 'path',
        required: true,
        description: 'Its creation time in nanoseconds.',
        schema: { type: 'string', pattern: '^[0-9]+\\.pdf$' },
        example: '1795448034641746265.pdf',
      },
    ],
    get: {
      tags: ['PDFs'],
      operationId: 'pdfFile',
      summary: 'A stored PDF (public)',
      description:
        'The URL a generation returned. Any other path under /files/pdfs/ (.., encoded dots or slashes, other extensions or casing) is PDF_NOT_FOUND before storage is asked. HEAD gives the headers only.',
      responses: {
        200: { ...pdfFile, headers: { ...(pdfFile.headers as Json), 'Cache-Control': ref('headers', 'StoredPdfCache') } },
        304: notModified,
        ...errors(['PDF_NOT_FOUND', ...SERVICE_ERRORS]),
      },
    },
  },
  '/openapi.json': {
    get: {
      tags: ['Reference'],
      operationId: 'openapi',
      summary: 'This document',
      responses: {
        200: {
          description: 'The OpenAPI 3.1 document.',
          headers: { ...requestIdOnly, ETag: ref('headers', 'ETag') },
          content: { [JSON_TYPE]: { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } },
        },
        304: notModified,
      },
    },
  },
  '/docs': {
    get: {
      tags: ['Reference'],
      operationId: 'docs',
      summary: 'The browsable reference (Swagger UI)',
      responses: {
        200: {
          description: 'An HTML page that loads /openapi.json.',
          headers: requestIdOnly,
          content: { 'text/html': { schema: { type: 'string' } } },
        },
      },
    },
  },
  '/docs/{asset}': {
    parameters: [
      {
        name: 'asset',
        in: 'path',
        required: true,
        description: "The reference page's script and style, served by the gateway itself.",
        schema: { enum: ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js'] },
      },
    ],
    get: {
      tags: ['Reference'],
      operationId: 'docsAsset',
      summary: 'A file of the reference page',
      responses: {
        200: {
          description: 'The file.',
          headers: { ...requestIdOnly, ETag: ref('headers', 'ETag') },
          content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } },
        },
        304: notModified,
        ...errors(['NOT_FOUND']),
      },
    },
  },
};

const DESCRIPTION = `Plan the evaluation of a gamified or interactive system with a four-step wizard, anonymously (sessions) or signed in (projects), and get the plan as a PDF.

- Every non-2xx answer is the error envelope \`{"error":{"code","message","details"}}\`; each operation lists its codes by status.
- Every answer carries \`X-Request-Id\` (yours when sane, else a UUID), \`X-Content-Type-Options: nosniff\` and \`Vary: Origin\`. An allowed origin (CORS_ALLOWED_ORIGINS) gets Access-Control-Allow-* headers; any OPTIONS request is 204 with no body.
- Every answer is \`Cache-Control: no-store\` unless its operation documents otherwise: the catalog (\`public, max-age=300\`), this document and its page (\`no-cache\`; the page's script and style \`public, max-age=86400\`), a stored PDF (\`private, max-age=86400\`), the current-PDF downloads and the plan (\`private, no-cache\`). Errors are always \`no-store\`.
- POST, PUT, PATCH and DELETE bodies are JSON (\`application/json\` or \`application/*+json\`, UTF-8, at most 1 MiB); none at all counts as \`{}\`.
- Paths match in any case and with or without a trailing slash. An unknown path is 404 NOT_FOUND; a known path with another method 405 METHOD_NOT_ALLOWED with \`Allow\`.
- Every 503 of an API route carries \`Retry-After\` (the /ready probe's does not: a probe asks again on its own schedule).

The reference in prose is docs/api.md; the binding contract is the Evaluation Planning Service Interface.`;

/** The request bodies' examples, by schema name (their schemas are generated). */
const REQUEST_EXAMPLES: Record<string, unknown[]> = {
  Step1Data: [STEP_DATA_EXAMPLES[1], CONTRACT_STEP_DATA_EXAMPLES[1]],
  Step2Data: [STEP_DATA_EXAMPLES[2], CONTRACT_STEP_DATA_EXAMPLES[2]],
  Step3Data: [STEP_DATA_EXAMPLES[3], CONTRACT_STEP_DATA_EXAMPLES[3]],
  Step4Data: [STEP_DATA_EXAMPLES[4], CONTRACT_STEP_DATA_EXAMPLES[4]],
  GeneratePdfRequest: [{}, { template: PDF_TEMPLATE_EXAMPLE }],
  ActivityEvent: [ACTIVITY_EVENT_EXAMPLE],
};

/** The answers' examples, by schema name (the schemas are gateway/src/contracts/responses.ts). */
const RESPONSE_EXAMPLES: Record<string, unknown[]> = {
  User: [USER_EXAMPLE],
  AuthResult: [AUTH_RESULT_EXAMPLE],
  Session: [SESSION_EXAMPLE],
  Project: [PROJECT_EXAMPLE],
  Recommendations: [RECOMMENDATIONS_EXAMPLE],
  PdfResult: [PDF_RESULT_EXAMPLE],
  PdfHistory: [PDF_HISTORY_EXAMPLE],
  PlanResult: [PLAN_RESULT_EXAMPLE],
};

let built: Json | undefined;

/**
 * The document, built on first use: generating the request schemas takes
 * joi-to-json and some 80 ms, which a process that is starting should not
 * wait for.
 */
export function openApiDocument(): Json {
  built ??= documentWith({ ...contractSchemas(REQUEST_EXAMPLES), ...responseSchemas(RESPONSE_EXAMPLES) });
  return built;
}

function documentWith(schemas: Record<string, Json>): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'evalplan API',
      version: '1.0.0',
      summary: 'Evaluation planning: wizard, recommendations, PDFs, accounts.',
      description: DESCRIPTION,
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-UNLICENSED' },
    },
    servers: [{ url: '/', description: 'This gateway' }],
    tags: [
      { name: 'Probes', description: 'Liveness, readiness, ping and the two failure-handling routes.' },
      {
        name: 'Accounts',
        description:
          'Register, log in, refresh, log out; change or reset a password; see and end sign-ins; export or delete the account. The refresh token travels only in an HttpOnly cookie scoped to /api/v1/auth.',
      },
      { name: 'Sessions', description: 'The anonymous wizard.' },
      {
        name: 'Projects',
        description: "A signed-in user's wizards. Another user's project is FORBIDDEN, an unknown one PROJECT_NOT_FOUND.",
      },
      { name: 'PDFs', description: 'Generation, current-PDF downloads, public files, and the plan as JSON, Markdown or DOCX.' },
      { name: 'Wizard catalog', description: 'The vocabulary of the wizard (beyond the contract).' },
      { name: 'Activity', description: 'Events reported by clients.' },
      { name: 'Reference', description: 'This document and its browsable page.' },
    ],
    paths,
    components: {
      schemas,
      parameters: contractParameters(),
      headers,
      responses,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Authorization: Bearer <access_token> (the scheme is case-insensitive). Missing or invalid: 401 UNAUTHORIZED.',
        },
        refreshCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'refresh_token',
          description: 'The opaque, single-use refresh token, HttpOnly, Path=/api/v1/auth.',
        },
      },
    },
  };
}
