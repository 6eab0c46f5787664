import { AppError } from '@evalplan/common/errors';
import { type RequestContext } from '@evalplan/common/grpc';
import type { Caller } from './accounts';

/** PLACEHOLDER until the account-deletion work lands (owned by the data work). */
export class AccountDeletion {
  deleteAccount(_caller: Caller, _bodyJson: string, _context?: RequestContext): Promise<void> {
    return Promise.reject(new AppError('NOT_IMPLEMENTED'));
  }
}
