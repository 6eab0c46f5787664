import { accountNoticeMail, describeMoment } from './account-notice-mail';

const AT = new Date('2026-11-28T19:52:10Z');

describe('account notice e-mails', () => {
  it('says when, in UTC, whatever the server time zone', () => {
    expect(describeMoment(AT)).toBe('28 November 2026 at 19:52 UTC');
  });

  it('tells of a password change, from which device, and what to do if it was not the owner', () => {
    const mail = accountNoticeMail('kate@example.com', { kind: 'password-changed', at: AT, device: 'Firefox on Linux' });
    expect(mail.to).toBe('kate@example.com');
    expect(mail.subject).toBe('Your evalplan password was changed');
    expect(mail.text).toContain('was changed on 28 November 2026 at 19:52 UTC, from Firefox on Linux');
    expect(mail.text).toContain("If it wasn't, reset your password now");
    expect(mail.html).toContain('<p>The password of your evalplan account was changed on 28 November 2026 at 19:52 UTC');
  });

  it('tells of a reset and of every sign-in ended, counting them', () => {
    expect(accountNoticeMail('k@example.com', { kind: 'password-reset', at: AT }).subject).toBe('Your evalplan password was reset');
    const everywhere = accountNoticeMail('k@example.com', { kind: 'signed-out-everywhere', at: AT, device: 'curl', ended: 3 });
    expect(everywhere.subject).toBe('You were signed out of evalplan everywhere');
    expect(everywhere.text).toContain('(3 sign-ins in all)');
    expect(accountNoticeMail('k@example.com', { kind: 'signed-out-everywhere', at: AT, device: 'curl', ended: 1 }).text).toContain(
      '(1 sign-in in all)',
    );
  });

  it('holds no link: nothing in it can be clicked or carries a token', () => {
    for (const notice of [
      { kind: 'password-changed', at: AT, device: 'Safari on iOS' },
      { kind: 'password-reset', at: AT },
      { kind: 'signed-out-everywhere', at: AT, device: 'Edge on Windows', ended: 2 },
    ] as const) {
      const mail = accountNoticeMail('k@example.com', notice);
      expect(`${mail.text}${mail.html}`).not.toMatch(/https?:|href|token/i);
    }
  });
});
