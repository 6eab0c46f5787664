import { AppError } from '@evalplan/common/errors';
import { type RequestContext } from '@evalplan/common/grpc';

/** PLACEHOLDER until the password-reset work lands (owned by the reset work). */
export class PasswordResets {
  request(_bodyJson: string, _clientIp: string, _context?: RequestContext): Promise<void> {
    return Promise.reject(new AppError('NOT_IMPLEMENTED'));
  }

  confirm(_bodyJson: string, _clientIp: string, _context?: RequestContext): Promise<void> {
    return Promise.reject(new AppError('NOT_IMPLEMENTED'));
  }
}
