import { type CallFailure, type CallStatus, Metadata, Status, type StatusCode } from '../transport';
import { AppError, type ErrorCode, type ErrorDetails, isErrorCode, statusOf } from '../../errors/app-error';

/** Metadata keys that carry a domain error across the gRPC boundary. */
export const ERROR_CODE_KEY = 'x-error-code';
export const ERROR_DETAILS_KEY = 'x-error-details-bin';
export const REQUEST_ID_KEY = 'x-request-id';

const GRPC_STATUS_BY_HTTP: Record<number, StatusCode> = {
  400: Status.INVALID_ARGUMENT,
  401: Status.UNAUTHENTICATED,
  403: Status.PERMISSION_DENIED,
  404: Status.NOT_FOUND,
  405: Status.INVALID_ARGUMENT,
  406: Status.INVALID_ARGUMENT,
  413: Status.INVALID_ARGUMENT,
  415: Status.INVALID_ARGUMENT,
  429: Status.RESOURCE_EXHAUSTED,
  499: Status.CANCELLED,
  501: Status.UNIMPLEMENTED,
  503: Status.UNAVAILABLE,
};

/** A domain error as a gRPC status with the code and details in metadata. */
export function appErrorToStatus(error: AppError): CallStatus {
  const metadata = new Metadata();
  metadata.set(ERROR_CODE_KEY, error.code);
  metadata.set(ERROR_DETAILS_KEY, Buffer.from(JSON.stringify(error.details)));
  return {
    code: GRPC_STATUS_BY_HTTP[statusOf(error.code)] ?? Status.INTERNAL,
    details: error.message,
    metadata,
  };
}

function readDetails(metadata: Metadata | undefined): ErrorDetails {
  const raw = metadata?.get(ERROR_DETAILS_KEY)[0];
  if (!Buffer.isBuffer(raw)) return {};
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ErrorDetails) : {};
  } catch {
    return {};
  }
}

function isServiceError(error: unknown): error is CallFailure {
  return error instanceof Error && typeof (error as Partial<CallFailure>).code === 'number';
}

/**
 * Whether a call failed because the service could not be reached or did not
 * answer in time (rather than answering with an error of its own).
 */
export function isUnreachable(error: unknown): boolean {
  return (
    isServiceError(error) &&
    !isErrorCode(error.metadata?.get(ERROR_CODE_KEY)[0]) &&
    (error.code === Status.UNAVAILABLE || error.code === Status.DEADLINE_EXCEEDED)
  );
}

/**
 * What the caller of a gRPC method sees: the domain error the service raised,
 * SERVICE_UNAVAILABLE when the service could not be reached in time, and
 * INTERNAL_SERVER_ERROR (with nothing leaked) for anything else.
 */
export function statusToAppError(error: unknown, target: string): AppError {
  if (error instanceof AppError) return error;
  if (!isServiceError(error)) {
    return new AppError('INTERNAL_SERVER_ERROR');
  }
  const code = error.metadata?.get(ERROR_CODE_KEY)[0];
  if (isErrorCode(code)) {
    return new AppError(code as ErrorCode, error.details || undefined, readDetails(error.metadata));
  }
  switch (error.code) {
    case Status.UNAVAILABLE:
    case Status.DEADLINE_EXCEEDED:
      return new AppError('SERVICE_UNAVAILABLE', undefined, { service: target });
    case Status.CANCELLED:
      return new AppError('REQUEST_CANCELLED');
    case Status.RESOURCE_EXHAUSTED:
      // A message over the size cap on either side: too large to pass between our components.
      return new AppError('INTERNAL_SERVER_ERROR', 'The answer was too large to pass on.', { service: target });
    case Status.UNIMPLEMENTED:
      return new AppError('NOT_IMPLEMENTED', error.details || undefined);
    default:
      return new AppError('INTERNAL_SERVER_ERROR');
  }
}
