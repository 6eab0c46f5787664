import type { Context } from 'koa';
import { setCookieHeader } from './cookie-header';

export const REFRESH_COOKIE = 'refresh_token';
/** The browser sends the cookie to the auth routes only. */
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

/** Max-Age is the time left until the sign-in ends unless used (auth-service says how long). */
export function setRefreshCookie(ctx: Context, token: string, maxAgeSeconds: number, secure: boolean): void {
  ctx.append('Set-Cookie', setCookieHeader({ name: REFRESH_COOKIE, value: token, maxAgeSeconds, path: REFRESH_COOKIE_PATH, secure }));
}

export function clearRefreshCookie(ctx: Context, secure: boolean): void {
  ctx.append('Set-Cookie', setCookieHeader({ name: REFRESH_COOKIE, value: '', maxAgeSeconds: 0, path: REFRESH_COOKIE_PATH, secure }));
}

/** The refresh token the browser sent, '' without one. */
export function refreshCookieOf(ctx: Context): string {
  return ctx.cookies.get(REFRESH_COOKIE) ?? '';
}
