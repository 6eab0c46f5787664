import * as grpc from '@grpc/grpc-js';
import { AppError, type ErrorCode, type ErrorDetails, isErrorCode, statusOf } from '../../errors/app-error';

/** Metadata keys that carry a domain error across the gRPC boundary. */
export const ERROR_CODE_KEY = 'x-error-code';
export const ERROR_DETAILS_KEY = 'x-error-details-bin';
export const REQUEST_ID_KEY = 'x-request-id';

const GRPC_STATUS_BY_HTTP: Record<number, grpc.status> = {
  400: grpc.status.INVALID_ARGUMENT,
  401: grpc.status.UNAUTHENTICATED,
  403: grpc.status.PERMISSION_DENIED,
  404: grpc.status.NOT_FOUND,
  405: grpc.status.INVALID_ARGUMENT,
  413: grpc.status.INVALID_ARGUMENT,
  415: grpc.status.INVALID_ARGUMENT,
  429: grpc.status.RESOURCE_EXHAUSTED,
  499: grpc.status.CANCELLED,
  501: grpc.status.UNIMPLEMENTED,
  503: grpc.status.UNAVAILABLE,
};

/** A domain error as a gRPC status with the code and details in metadata. */
export function appErrorToStatus(error: AppError): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata();
  metadata.set(ERROR_CODE_KEY, error.code);
  metadata.set(ERROR_DETAILS_KEY, Buffer.from(JSON.stringify(error.details)));
  return {
    code: GRPC_STATUS_BY_HTTP[statusOf(error.code)] ?? grpc.status.INTERNAL,
    details: error.message,
    metadata,
  };
}

function readDetails(metadata: grpc.Metadata | undefined): ErrorDetails {
  const raw = metadata?.get(ERROR_DETAILS_KEY)[0];
  if (!Buffer.isBuffer(raw)) return {};
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ErrorDetails) : {};
  } catch {
    return {};
  }
}

function isServiceError(error: unknown): error is grpc.ServiceError {
  return error instanceof Error && typeof (error as Partial<grpc.ServiceError>).code === 'number';
}

/**
 * Whether a call failed because the service could not be reached or did not
 * answer in time (rather than answering with an error of its own).
 */
export function isUnreachable(error: unknown): boolean {
  return (
    isServiceError(error) &&
    !isErrorCode(error.metadata?.get(ERROR_CODE_KEY)[0]) &&
    (error.code === grpc.status.UNAVAILABLE || error.code === grpc.status.DEADLINE_EXCEEDED)
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
    case grpc.status.UNAVAILABLE:
    case grpc.status.DEADLINE_EXCEEDED:
      return new AppError('SERVICE_UNAVAILABLE', undefined, { service: target });
    case grpc.status.CANCELLED:
      return new AppError('REQUEST_CANCELLED');
    case grpc.status.RESOURCE_EXHAUSTED:
      // A message over the size cap on either side: too large to pass between our components.
      return new AppError('INTERNAL_SERVER_ERROR', 'The answer was too large to pass on.', { service: target });
    case grpc.status.UNIMPLEMENTED:
      return new AppError('NOT_IMPLEMENTED', error.details || undefined);
    default:
      return new AppError('INTERNAL_SERVER_ERROR');
  }
}
