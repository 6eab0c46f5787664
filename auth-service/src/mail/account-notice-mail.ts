import type { OutgoingMail } from '@evalplan/common/mail';

/** Something done to an account that its owner should hear of, in case it was not them (ASVS 2.2.3, 2.5.5). */
export type AccountNotice =
  | { kind: 'password-changed'; at: Date; device: string }
  | { kind: 'password-reset'; at: Date }
  | { kind: 'signed-out-everywhere'; at: Date; device: string; ended: number };

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** "28 November 2026 at 19:52 UTC": the same for every reader, whatever the server's time zone. */
export function describeMoment(at: Date): string {
  return `${WHEN.format(at)} UTC`;
}

const IF_NOT_YOU =
  'If this was you, there is nothing to do. If it wasn\'t, reset your password now with "Forgot password?" on the sign-in page, ' +
  'and make sure nobody else can read your e-mail.';

/** What each notice says: a subject and its paragraphs (plain words, no link and nothing secret). */
function wordsOf(notice: AccountNotice): { subject: string; paragraphs: string[] } {
  const when = describeMoment(notice.at);
  switch (notice.kind) {
    case 'password-changed':
      return {
        subject: 'Your evalplan password was changed',
        paragraphs: [
          `The password of your evalplan account was changed on ${when}, from ${notice.device}. Every other sign-in was ended.`,
          IF_NOT_YOU,
        ],
      };
    case 'password-reset':
      return {
        subject: 'Your evalplan password was reset',
        paragraphs: [
          `The password of your evalplan account was reset on ${when}, with a link sent to this address. Every sign-in was ended.`,
          IF_NOT_YOU,
        ],
      };
    case 'signed-out-everywhere':
      return {
        subject: 'You were signed out of evalplan everywhere',
        paragraphs: [
          `Every sign-in to your evalplan account was ended on ${when}, from ${notice.device} ` +
            `(${notice.ended} ${notice.ended === 1 ? 'sign-in' : 'sign-ins'} in all).`,
          'If this was you, there is nothing to do. If it wasn\'t, someone may know your password: reset it now with "Forgot password?" ' +
            'on the sign-in page.',
        ],
      };
  }
}

/** The notice e-mail: plain text and the same words as simple HTML. Nothing in it comes from the request but the device's name. */
export function accountNoticeMail(to: string, notice: AccountNotice): OutgoingMail {
  const { subject, paragraphs } = wordsOf(notice);
  const all = ['Hello,', ...paragraphs, '— evalplan'];
  return {
    to,
    subject,
    text: all.join('\n\n'),
    html: all.map((paragraph) => `<p>${escapeText(paragraph)}</p>`).join(''),
  };
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
