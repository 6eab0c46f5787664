/**
 * The error-code registry: every code the API can answer, with its HTTP status
 * and a default human message. Services throw AppError; the gRPC layer carries
 * the code in metadata; the gateway writes the contract's envelope.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  INVALID_INPUT: { status: 400, message: 'The request body is not valid.' },
  INVALID_EMAIL: { status: 400, message: 'Please enter a valid e-mail address.' },
  INVALID_PASSWORD: { status: 400, message: 'The password does not meet the requirements.' },
  EMAIL_ALREADY_EXISTS: { status: 400, message: 'An account with this e-mail address already exists.' },
  INVALID_CREDENTIALS: { status: 401, message: 'The e-mail address or password is incorrect.' },
  UNAUTHORIZED: { status: 401, message: 'Please sign in to continue.' },
  INCORRECT_PASSWORD: { status: 403, message: 'The current password is incorrect.' },
  INVALID_RESET_TOKEN: {
    status: 400,
    message: 'This password reset link is not valid or has already been used. Please ask for a new one.',
  },
  RESET_TOKEN_EXPIRED: { status: 400, message: 'This password reset link has expired. Please ask for a new one.' },
  INVALID_SIGN_IN_ID: { status: 400, message: 'The sign-in id is not valid.' },
  SIGN_IN_NOT_FOUND: { status: 404, message: 'This sign-in does not exist or has already ended.' },
  INVALID_SESSION_ID: { status: 400, message: 'The session id is not valid.' },
  SESSION_NOT_FOUND: { status: 404, message: 'The session does not exist or has expired.' },
  INVALID_STEP_NUMBER: { status: 400, message: 'The step number must be between 1 and 4.' },
  INVALID_STEP_DATA: { status: 400, message: 'The step data is not valid.' },
  STEP_PREREQUISITE_NOT_MET: { status: 400, message: 'Please complete the previous steps first.' },
  INVALID_RECOMMENDATION_STEP: { status: 400, message: 'Recommendations are available for steps 2 to 4.' },
  INVALID_PROJECT_NAME: { status: 400, message: 'The project name is not valid.' },
  INVALID_PROJECT_ID: { status: 400, message: 'The project id is not valid.' },
  INVALID_PAGINATION: { status: 400, message: 'The limit and offset must be non-negative whole numbers.' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this project.' },
  PROJECT_NOT_FOUND: { status: 404, message: 'The project does not exist.' },
  WIZARD_INCOMPLETE: { status: 400, message: 'Please complete all four steps before generating the PDF.' },
  INVALID_NOTIFY_EMAIL: { status: 400, message: 'The notification e-mail address is not valid.' },
  INVALID_PDF_TEMPLATE: { status: 400, message: 'The PDF template is not valid.' },
  PDF_RENDERER_UNAVAILABLE: { status: 503, message: 'The PDF renderer is not available right now.' },
  PDF_GENERATION_FAILED: { status: 500, message: 'The PDF could not be generated.' },
  PDF_NOT_FOUND: { status: 404, message: 'The PDF does not exist.' },
  INVALID_ACTIVITY_EVENT: { status: 400, message: 'The activity event is not valid.' },
  ACTIVITY_RECORD_FAILED: { status: 500, message: 'The activity event could not be stored.' },
  ACTIVITY_RECORDER_UNAVAILABLE: { status: 503, message: 'The activity recorder is not available right now.' },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  // Beyond the contract's table: protocol-level answers every HTTP API needs.
  NOT_FOUND: { status: 404, message: 'The requested resource does not exist.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed on this resource.' },
  NOT_ACCEPTABLE: { status: 406, message: 'This resource is not available in any of the formats the Accept header asks for.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time.' },
  // Nobody reads this answer: the client went away first (499, as nginx logs it). Recorded in activity as such.
  REQUEST_CANCELLED: { status: 499, message: 'The request was cancelled before it finished.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be JSON.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  NOT_IMPLEMENTED: { status: 501, message: 'This feature is not available yet.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type ErrorDetails = Record<string, unknown>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}

/** A failure the caller can act on: it becomes the contract's error envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message?: string, details: ErrorDetails = {}) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return statusOf(this.code);
  }
}

/** The contract's error envelope. */
export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details: ErrorDetails };
}

export function toEnvelope(error: AppError): ErrorEnvelope {
  return { error: { code: error.code, message: error.message, details: error.details } };
}
