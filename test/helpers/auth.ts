import { randomUUID } from 'node:crypto';
import { call, type JsonResponse } from './stack';

export interface SignedUp {
  email: string;
  password: string;
  userId: string;
  accessToken: string;
  /** The refresh token from the Set-Cookie header. */
  refreshToken: string;
  /** The device token from the Set-Cookie header (the device_token cookie). */
  deviceToken: string;
}

export const JSON_HEADERS = { 'Content-Type': 'application/json' } as const;

/** A unique address per call, so tests sharing a stack never collide. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID()}@example.com`;
}

/** A cookie's value and attributes from a response, if it sets it. */
export function cookieOf(res: JsonResponse, name: string): { value: string; attributes: string[] } | undefined {
  const header = res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
  if (!header) return undefined;
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  return { value: pair!.slice(name.length + 1), attributes };
}

/** The refresh_token cookie's value and attributes from a response, if it sets one. */
export function refreshCookieOf(res: JsonResponse): { value: string; attributes: string[] } | undefined {
  return cookieOf(res, 'refresh_token');
}

/** The device_token cookie (register and login set it), if the response sets one. */
export function deviceCookieOf(res: JsonResponse): { value: string; attributes: string[] } | undefined {
  return cookieOf(res, 'device_token');
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> {
  return call(url, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
}

/** POST /auth/refresh the way a browser does it: no body, the cookie only. */
export function refresh(baseUrl: string, refreshToken: string, headers: Record<string, string> = {}): Promise<JsonResponse> {
  return call(`${baseUrl}/api/v1/auth/refresh`, { method: 'POST', headers: { Cookie: `refresh_token=${refreshToken}`, ...headers } });
}

/** Registers a fresh account and returns its tokens (`headers`: e.g. an X-Forwarded-For of its own). */
export async function signUp(
  baseUrl: string,
  overrides: { email?: string; password?: string; headers?: Record<string, string> } = {},
): Promise<SignedUp> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse battery';
  const res = await postJson(`${baseUrl}/api/v1/auth/register`, { email, password }, overrides.headers);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return {
    email,
    password,
    userId: res.json.user.id,
    accessToken: res.json.access_token,
    refreshToken: refreshCookieOf(res)!.value,
    deviceToken: deviceCookieOf(res)?.value ?? '',
  };
}
