import type { Context } from 'koa';

export const REFRESH_COOKIE = 'refresh_token';
/** The browser sends the cookie to the auth routes only. */
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

/**
 * The refresh_token Set-Cookie value. Written by hand instead of through
 * ctx.cookies, which refuses a Secure cookie on a plain-HTTP hop even when
 * TLS ends at a proxy in front of us.
 */
function serialise(value: string, maxAgeSeconds: number, secure: boolean): string {
  const expires = new Date(Date.now() + maxAgeSeconds * 1000).toUTCString();
  const parts = [
    `${REFRESH_COOKIE}=${value}`,
    `Max-Age=${maxAgeSeconds}`,
    `Expires=${maxAgeSeconds === 0 ? new Date(0).toUTCString() : expires}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function setRefreshCookie(ctx: Context, token: string, maxAgeSeconds: number, secure: boolean): void {
  ctx.append('Set-Cookie', serialise(token, maxAgeSeconds, secure));
}

export function clearRefreshCookie(ctx: Context, secure: boolean): void {
  ctx.append('Set-Cookie', serialise('', 0, secure));
}

/** The refresh token the browser sent, '' without one. */
export function refreshCookieOf(ctx: Context): string {
  return ctx.cookies.get(REFRESH_COOKIE) ?? '';
}
