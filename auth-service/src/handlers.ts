import type { ServiceImplementation } from '@evalplan/common/grpc';
import { jsonOf, type types } from '@evalplan/protos';
import type { AccountDeletion } from './use-cases/account-deletion';
import type { Accounts, Caller, SignedIn } from './use-cases/accounts';
import type { PasswordResets } from './use-cases/password-resets';
import type { UserRecord } from './domain/users';

function toUserMessage(user: UserRecord): types.User {
  return { id: user.id, email: user.email, createdAt: user.createdAt.toISOString() };
}

function toAuthResult(signedIn: SignedIn): types.AuthResult {
  return {
    accessToken: signedIn.accessToken,
    user: toUserMessage(signedIn.user),
    refreshToken: signedIn.refreshToken,
    refreshTokenMaxAge: signedIn.refreshTokenMaxAgeSeconds,
    accessTokenExpiresIn: signedIn.accessTokenExpiresInSeconds,
    deviceToken: signedIn.deviceToken?.token ?? '',
    deviceTokenMaxAge: signedIn.deviceToken?.maxAgeSeconds ?? 0,
  };
}

function callerOf(message: types.Caller__Output | null): Caller {
  return {
    userId: message?.userId ?? '',
    familyId: message?.familyId ?? '',
    clientIp: message?.clientIp ?? '',
    userAgent: message?.userAgent ?? '',
  };
}

export interface AuthUseCases {
  accounts: Accounts;
  passwordResets: PasswordResets;
  accountDeletion: AccountDeletion;
}

/**
 * gRPC mapping only: every rule lives in the use-cases. A typed body is
 * checked as the JSON object it stands for (jsonOf), so a direct gRPC caller
 * meets the same rules, codes and messages as the HTTP API.
 */
export function authHandlers({
  accounts,
  passwordResets,
  accountDeletion,
}: AuthUseCases): ServiceImplementation<types.AuthServiceHandlers> {
  return {
    Register: async (request, context) =>
      toAuthResult(
        await accounts.register(
          jsonOf('Credentials', request.credentials),
          { clientIp: request.clientIp, userAgent: request.userAgent },
          context,
        ),
      ),
    Login: async (request, context) =>
      toAuthResult(
        await accounts.login(
          jsonOf('Credentials', request.credentials),
          { clientIp: request.clientIp, userAgent: request.userAgent, deviceToken: request.deviceToken },
          context,
        ),
      ),
    Refresh: async (request, context) => toAuthResult(await accounts.refresh(request.refreshToken, request.userAgent, context)),
    Logout: async (request, context) => {
      await accounts.logout(request.accessToken, request.refreshToken, context);
      return {};
    },
    GetUser: async (request) => toUserMessage(await accounts.getUser(request.userId)),
    ChangePassword: async (request, context) =>
      toAuthResult(await accounts.changePassword(callerOf(request.caller), jsonOf('PasswordChange', request.change), context)),
    ListSessions: async (request) => ({ sessions: await accounts.listSessions(callerOf(request.caller)) }),
    EndSession: async (request, context) => {
      await accounts.endSession(callerOf(request.caller), request.sessionId, context);
      return {};
    },
    LogoutAll: async (request, context) => ({ ended: await accounts.logoutAll(callerOf(request.caller), context) }),
    RequestPasswordReset: async (request, context) => {
      await passwordResets.request(jsonOf('PasswordResetFields', request.fields), request.clientIp, context);
      return {};
    },
    ConfirmPasswordReset: async (request, context) => {
      await passwordResets.confirm(jsonOf('PasswordResetConfirmation', request.confirmation), request.clientIp, context);
      return {};
    },
    DeleteAccount: async (request, context) => {
      await accountDeletion.deleteAccount(callerOf(request.caller), jsonOf('AccountDeletion', request.confirmation), context);
      return {};
    },
  };
}
