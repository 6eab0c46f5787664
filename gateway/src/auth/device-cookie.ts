import type { Context } from 'koa';
import { setCookieHeader } from './cookie-header';

export const DEVICE_COOKIE = 'device_token';
/** Only login reads it: the browser sends it nowhere else. */
export const DEVICE_COOKIE_PATH = '/api/v1/auth/login';

/**
 * The device token auth-service issues at login and registration (see its
 * device-tokens.ts): a later login to the same account presenting it is
 * limited per device, so failures from elsewhere do not lock the owner out.
 * It outlives logout on purpose: it says which device this is, not that
 * anyone is signed in. Nothing is set when the answer carries none (refresh,
 * password change).
 */
export function setDeviceCookie(ctx: Context, token: string, maxAgeSeconds: number, secure: boolean): void {
  if (token === '') return;
  ctx.append('Set-Cookie', setCookieHeader({ name: DEVICE_COOKIE, value: token, maxAgeSeconds, path: DEVICE_COOKIE_PATH, secure }));
}

/** The device token the browser sent, '' without one. */
export function deviceCookieOf(ctx: Context): string {
  return ctx.cookies.get(DEVICE_COOKIE) ?? '';
}
