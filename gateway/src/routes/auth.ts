import type { types } from '@evalplan/protos';
import type { Context } from 'koa';
import Router from '@koa/router';
import { type FlowEvent, markActivity } from '../activity/activity-observer';
import { callerOf } from '../auth/caller';
import { type AuthGuard, bearerTokenOf, userOf } from '../auth/guard';
import { deviceCookieOf, setDeviceCookie } from '../auth/device-cookie';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from '../auth/refresh-cookie';
import type { UserDirectory } from '../auth/user-directory';
import type { ServiceClients } from '../clients';
import type { GatewayConfig } from '../config';
import { bodyMessage } from './request-parts';
import { forRequest, requestContextOf } from '../middleware/request-id';
import type { Answer } from '../contracts/responses';

export interface AuthRouteDeps {
  config: GatewayConfig;
  clients: ServiceClients;
  guard: AuthGuard;
  users: UserDirectory;
}

/**
 * The contract's Auth result in the body (plus token_type and expires_in, so
 * a client knows when to refresh), the refresh token in its cookie only, and
 * after register and login the device cookie.
 */
function signedIn(ctx: Context, result: types.AuthResult__Output, status: number, secure: boolean, flow: FlowEvent): void {
  const { user } = result;
  if (!user) throw new Error('auth-service signed someone in without saying who');
  markActivity(ctx, flow, { userId: user.id });
  setRefreshCookie(ctx, result.refreshToken, result.refreshTokenMaxAge, secure);
  setDeviceCookie(ctx, result.deviceToken, result.deviceTokenMaxAge, secure);
  ctx.set('Cache-Control', 'no-store');
  ctx.status = status;
  ctx.body = {
    access_token: result.accessToken,
    token_type: 'Bearer',
    expires_in: result.accessTokenExpiresIn,
    user: { id: user.id, email: user.email, created_at: user.createdAt },
  } satisfies Answer<'AuthResult'>;
}

/** /api/v1/auth/*: register, login, refresh, logout, me, password change and the sign-in sessions. */
export function authRoutes({ config, clients, guard, users }: AuthRouteDeps): Router {
  const router = new Router({ prefix: '/api/v1/auth' });
  const { auth } = clients;
  const secure = config.cookieSecure;

  router.post('/register', async (ctx) => {
    signedIn(
      ctx,
      await auth.unary(
        'Register',
        { credentials: bodyMessage(ctx, 'Credentials'), clientIp: ctx.ip, userAgent: ctx.get('User-Agent') },
        forRequest(ctx),
      ),
      201,
      secure,
      'user_registered',
    );
  });

  router.post('/login', async (ctx) => {
    signedIn(
      ctx,
      await auth.unary(
        'Login',
        {
          credentials: bodyMessage(ctx, 'Credentials'),
          clientIp: ctx.ip,
          userAgent: ctx.get('User-Agent'),
          deviceToken: deviceCookieOf(ctx),
        },
        forRequest(ctx),
      ),
      200,
      secure,
      'user_login',
    );
  });

  // The body is ignored: the cookie is the credential. Two refreshes with
  // one cookie within the reuse grace get the same refresh token back, so
  // whichever answer the browser keeps, it stays signed in. A failed refresh
  // leaves the cookie alone.
  router.post('/refresh', async (ctx) => {
    signedIn(
      ctx,
      await auth.unary('Refresh', { refreshToken: refreshCookieOf(ctx), userAgent: ctx.get('User-Agent') }, forRequest(ctx)),
      200,
      secure,
      'token_refreshed',
    );
  });

  // Always clears the cookie, whatever happens to the tokens.
  router.post('/logout', async (ctx) => {
    clearRefreshCookie(ctx, secure);
    ctx.set('Cache-Control', 'no-store');
    // Named before the token is revoked; the mark counts only if the logout succeeds.
    markActivity(ctx, 'user_logout', { userId: await guard.subjectOf(ctx) });
    await auth.unary('Logout', { accessToken: bearerTokenOf(ctx) ?? '', refreshToken: refreshCookieOf(ctx) }, forRequest(ctx));
    ctx.body = { status: 'ok' } satisfies Answer<'Status'>;
  });

  router.get('/me', guard.required, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await users.get(userOf(ctx).id, requestContextOf(ctx))) satisfies Answer<'User'>;
  });

  // Every other sign-in ends, and so does this one: it continues with the fresh pair answered here.
  router.post('/password', guard.required, async (ctx) => {
    const result = await auth.unary(
      'ChangePassword',
      { caller: callerOf(ctx), change: bodyMessage(ctx, 'PasswordChange') },
      forRequest(ctx),
    );
    signedIn(ctx, result, 200, secure, 'password_changed');
  });

  router.get('/sessions', guard.required, async (ctx) => {
    const { sessions } = await auth.unary('ListSessions', { caller: callerOf(ctx) }, forRequest(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      sessions: sessions.map((session) => ({
        id: session.id,
        createdAt: session.createdAt,
        lastUsedAt: session.lastUsedAt,
        expiresAt: session.expiresAt,
        device: session.device,
        current: session.current,
      })),
    } satisfies Answer<'SignInSessionList'>;
  });

  // Ending the current sign-in is allowed: its access token stops working at once.
  router.delete('/sessions/:signInId', guard.required, async (ctx) => {
    const { signInId } = ctx.params as { signInId: string };
    await auth.unary('EndSession', { caller: callerOf(ctx), sessionId: signInId }, forRequest(ctx));
    markActivity(ctx, 'session_ended', { userId: userOf(ctx).id });
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 204;
  });

  router.post('/logout-all', guard.required, async (ctx) => {
    const { ended } = await auth.unary('LogoutAll', { caller: callerOf(ctx) }, forRequest(ctx));
    markActivity(ctx, 'logout_all', { userId: userOf(ctx).id });
    clearRefreshCookie(ctx, secure);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok', ended } satisfies Answer<'LogoutAllResult'>;
  });

  return router;
}
