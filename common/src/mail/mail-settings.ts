import { type ConfigOf, defineSettings } from '../config/settings';

/** Where e-mail goes: SMTP_URL (none: nothing is sent) and the sender every message carries. */
export const mailSettings = defineSettings((read) => ({
  smtpUrl: read.url('SMTP_URL', ['smtp:', 'smtps:']),
  mailFrom: read.string('MAIL_FROM', 'evalplan <no-reply@evalplan.local>'),
}));
export type MailSettings = ConfigOf<typeof mailSettings>;
