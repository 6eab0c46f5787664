const DURATION_UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** "15m", "48h", "30d", "250ms" or a plain number of milliseconds. */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(value.trim());
  const unit = DURATION_UNITS[match?.[2] ?? 'ms'];
  if (!match || unit === undefined) return undefined;
  const amount = Number(match[1]) * unit;
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount) : undefined;
}

const BYTE_UNITS: Record<string, number> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/** "256MiB", "64KiB", "1GiB", "512MB", "4096" (bytes); undefined when unreadable. */
export function parseBytes(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value.trim());
  const unit = BYTE_UNITS[(match?.[2] || 'b').toLowerCase()];
  if (!match || unit === undefined) return undefined;
  const amount = Math.floor(Number(match[1]) * unit);
  return Number.isSafeInteger(amount) ? amount : undefined;
}

/** host:port with a name, an IPv4 address or a bracketed IPv6 address, and a port up to 65535. */
export function isHostPort(value: string): boolean {
  const match = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(value);
  return match !== null && Number(match[2]) <= 65535;
}

/** Hides credentials in a URL before it is shown in a message or a log. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return value.replace(/\/\/[^@/]*@/, '//***@');
  }
}
