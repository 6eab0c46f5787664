import type { ServiceImplementation } from '@evalplan/common/grpc';
import type { types } from '@evalplan/protos';
import type { Accounts, SignedIn } from './accounts';
import type { UserRecord } from './repositories/users';

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
  };
}

/** gRPC mapping only: every rule lives in Accounts. */
export function authHandlers(accounts: Accounts): ServiceImplementation<types.AuthServiceHandlers> {
  return {
    Register: async (request, context) => toAuthResult(await accounts.register(request.bodyJson, request.clientIp, context)),
    Login: async (request, context) => toAuthResult(await accounts.login(request.bodyJson, request.clientIp, context)),
    Refresh: async (request, context) => toAuthResult(await accounts.refresh(request.refreshToken, context)),
    Logout: async (request, context) => {
      await accounts.logout(request.accessToken, request.refreshToken, context);
      return {};
    },
    GetUser: async (request) => toUserMessage(await accounts.getUser(request.userId)),
  };
}
