/** One Set-Cookie value of ours: HttpOnly and SameSite=Lax always, Secure with COOKIE_SECURE. */
export interface CookieValue {
  name: string;
  value: string;
  /** 0 clears the cookie. */
  maxAgeSeconds: number;
  path: string;
  secure: boolean;
}

/**
 * The Set-Cookie header value. Written by hand instead of through
 * ctx.cookies, which refuses a Secure cookie on a plain-HTTP hop even when
 * TLS ends at a proxy in front of us.
 */
export function setCookieHeader({ name, value, maxAgeSeconds, path, secure }: CookieValue): string {
  const expires = maxAgeSeconds === 0 ? new Date(0) : new Date(Date.now() + maxAgeSeconds * 1000);
  const parts = [
    `${name}=${value}`,
    `Max-Age=${maxAgeSeconds}`,
    `Expires=${expires.toUTCString()}`,
    `Path=${path}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
