import type { OutgoingMail } from '@evalplan/common/mail';

/** "30 minutes", "2 hours", "1 day": how long the link works, in the words of the e-mail. */
export function describeDuration(ms: number): string {
  const units: Array<[string, number]> = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  for (const [unit, size] of units) {
    if (ms >= size && ms % size === 0) {
      const count = ms / size;
      return `${count} ${unit}${count === 1 ? '' : 's'}`;
    }
  }
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The link goes into an attribute: a configured URL may hold & or quotes. */
const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The link in the client that takes the token: PASSWORD_RESET_URL with ?token=… (other query parameters kept). */
export function resetLink(resetUrl: string, token: string): string {
  const link = new URL(resetUrl);
  link.searchParams.set('token', token);
  return link.href;
}

/** The password-reset e-mail: plain text and simple HTML with the same link. */
export function resetMail(to: string, link: string, ttlMs: number): OutgoingMail {
  const validFor = describeDuration(ttlMs);
  return {
    to,
    subject: 'Reset your evalplan password',
    text:
      'Hello,\n\nsomeone (hopefully you) asked to reset the password of your evalplan account.\n\n' +
      `Choose a new password here: ${link}\n\n` +
      `The link works once, for ${validFor}. If you did not ask for it, ignore this e-mail: your password stays as it is.\n\n— evalplan`,
    html:
      '<p>Hello,</p><p>someone (hopefully you) asked to reset the password of your evalplan account.</p>' +
      `<p><a href="${escapeAttribute(link)}">Choose a new password</a></p>` +
      `<p>The link works once, for ${validFor}. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>` +
      '<p>— evalplan</p>',
  };
}
