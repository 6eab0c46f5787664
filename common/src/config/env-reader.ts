import { isHostPort, parseBytes, parseDuration, redactUrl } from './parsers';

export type Env = Record<string, string | undefined>;

/** Reads variables and remembers every problem instead of stopping at the first. */
export class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  optionalString(name: string): string | undefined {
    return this.raw(name);
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^-?\d+$/.test(value) || parsed < min || parsed > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return parsed;
  }

  duration(name: string, fallback: string): number {
    const value = this.raw(name) ?? fallback;
    const parsed = parseDuration(value);
    if (parsed === undefined) {
      this.problems.push(`${name} must be a duration such as 500ms, 30s, 15m, 48h or 30d (got "${value}")`);
      return parseDuration(fallback) ?? 0;
    }
    return parsed;
  }

  /** A size in bytes: "256MiB", "64KiB", "1GiB", "512MB" or a bare number of bytes. */
  bytes(name: string, fallback: string, min: number): number {
    const value = this.raw(name) ?? fallback;
    const parsed = parseBytes(value);
    if (parsed === undefined || parsed < min) {
      this.problems.push(`${name} must be a size of at least ${min} bytes such as 64MiB, 256MiB or 1GiB (got "${value}")`);
      return parseBytes(fallback) ?? min;
    }
    return parsed;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (/^(true|1|yes)$/i.test(value)) return true;
    if (/^(false|0|no)$/i.test(value)) return false;
    this.problems.push(`${name} must be true or false (got "${value}")`);
    return fallback;
  }

  url(name: string, protocols: string[], fallback?: string): string | undefined {
    const value = this.raw(name) ?? fallback;
    if (value === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      this.problems.push(`${name} must be a URL (got "${redactUrl(value)}")`);
      return undefined;
    }
    if (!protocols.includes(parsed.protocol)) {
      this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      return undefined;
    }
    return value;
  }

  /**
   * host:port, as grpc-js takes it (port 0 asks the OS for a free port), or
   * unix:/absolute/path for processes on one machine.
   */
  address(name: string, fallback: string): string {
    const value = this.raw(name) ?? fallback;
    if (value.startsWith('unix:')) {
      if (/^unix:\/[^\0]{1,100}$/.test(value)) return value;
      this.problems.push(`${name} must be unix: followed by an absolute path of at most 100 characters (got "${value}")`);
      return fallback;
    }
    if (!isHostPort(value)) {
      this.problems.push(`${name} must be host:port (got "${value}")`);
      return fallback;
    }
    return value;
  }

  /**
   * Where a service is called: unix:/path, or one or more host:port
   * separated by commas (replicas; a name may resolve to several addresses).
   */
  target(name: string, fallback: string): string {
    const value = this.raw(name) ?? fallback;
    if (value.startsWith('unix:')) return this.address(name, fallback);
    const parts = value.split(',').map((part) => part.trim());
    if (!parts.every(isHostPort)) {
      this.problems.push(`${name} must be host:port, several separated by commas, or unix:/path (got "${value}")`);
      return fallback;
    }
    return parts.join(',');
  }

  list(name: string): string[] {
    const value = this.raw(name);
    if (value === undefined) return [];
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }
}
