import { clientAddressSubject, type RateLimitCheck, type RateLimitRule } from '@evalplan/common/rate-limit';

/** The numbers of the limits, as configured (0 turns a limit off). */
export interface SignInLimitSettings {
  /** Attempts per client IP in each window (login and register counted apart). */
  perIp: number;
  /** Attempts per e-mail address (per account, per device) in each window. */
  perEmail: number;
  windowMs: number;
  /** Failed logins per client IP in each hour. */
  perIpHourly: number;
  /** Failed password checks per e-mail address (per account, per device) in each hour. */
  perEmailHourly: number;
}

/** Who a password is checked for: the address typed at login, a device the account signed in from, or a signed-in user. */
export type PasswordSubject = { email: string } | { deviceId: string };

const HOUR_MS = 3_600_000;

/**
 * Which counters an attempt touches. Every attempt is counted before its
 * password is checked, all counters in one cache round trip, so concurrent
 * attempts cannot slip past a limit together. Login and the password checks
 * of signed-in people give a success's hits back: only failures use up the
 * allowance. Register keeps every attempt counted: it makes accounts.
 *
 * Fixed windows allow up to twice a limit across a window's boundary, so the
 * hourly default (50) keeps any 60 minutes at or below ASVS 2.2.1's 100
 * failed attempts per account.
 */
export class SignInLimits {
  private readonly login: { ip: RateLimitRule[]; email: RateLimitRule[]; device: RateLimitRule[] };
  private readonly register: { ip: RateLimitRule; email: RateLimitRule };
  private readonly passwordChange: RateLimitRule[];
  private readonly deleteAccount: RateLimitRule[];

  constructor(settings: SignInLimitSettings) {
    const { perIp, perEmail, windowMs, perIpHourly, perEmailHourly } = settings;
    const perAccount = (name: string, message?: string): RateLimitRule[] => [
      { name, limit: perEmail, windowMs, message },
      { name: `${name}-hourly`, limit: perEmailHourly, windowMs: HOUR_MS, message },
    ];
    const network = 'Too many sign-in attempts from your network.';
    this.login = {
      ip: [
        { name: 'login-ip', limit: perIp, windowMs, message: network },
        { name: 'login-ip-hourly', limit: perIpHourly, windowMs: HOUR_MS, message: network },
      ],
      // The same words for every address, known or not: a refusal says nothing about whether an account exists.
      email: perAccount('login-email', 'Too many failed sign-ins to this account from new devices.'),
      device: perAccount('login-device', 'Too many failed sign-ins from this device.'),
    };
    this.register = {
      ip: { name: 'register-ip', limit: perIp, windowMs, message: 'Too many registrations from your network.' },
      email: { name: 'register-email', limit: perEmail, windowMs },
    };
    this.passwordChange = perAccount('password-change-user');
    this.deleteAccount = perAccount('delete-account-user');
  }

  /** A login: per client IP always, and per address, or per device for a device token of the account. */
  loginChecks(clientIp: string, subject: PasswordSubject): RateLimitCheck[] {
    const ip = clientAddressSubject(clientIp);
    const own =
      'email' in subject ? this.login.email.map((rule) => ({ rule, subject: subject.email })) : this.deviceChecks(subject.deviceId);
    return [...this.login.ip.map((rule) => ({ rule, subject: ip })), ...own];
  }

  /** A login's address limits alone: for a device token of another account, and what a completed password reset clears. */
  loginAddressChecks(email: string): RateLimitCheck[] {
    return this.login.email.map((rule) => ({ rule, subject: email }));
  }

  registerChecks(clientIp: string, email: string): RateLimitCheck[] {
    return [
      { rule: this.register.ip, subject: clientAddressSubject(clientIp) },
      { rule: this.register.email, subject: email },
    ];
  }

  /** The current password of a signed-in person, checked before a change. */
  passwordChangeChecks(userId: string): RateLimitCheck[] {
    return this.passwordChange.map((rule) => ({ rule, subject: userId }));
  }

  /** The password checked before an account is deleted. */
  deleteAccountChecks(userId: string): RateLimitCheck[] {
    return this.deleteAccount.map((rule) => ({ rule, subject: userId }));
  }

  private deviceChecks(deviceId: string): RateLimitCheck[] {
    return this.login.device.map((rule) => ({ rule, subject: deviceId }));
  }
}
