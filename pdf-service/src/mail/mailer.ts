import { type RequestContext } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { createSmtpTransport, type OutgoingMail } from '@evalplan/common/mail';
import { MAIL_SEND_TIMEOUT_MS } from '../contracts';
import { shortName } from '../domain/plan-sections';
import { countMail } from '../metrics';
import { escapeHtml } from '../templates/go-template';

/** Why a plan e-mail was held back (the gateway's limits): an error code, the person's words, and when trying again may send it. */
export interface MailNotSentReason {
  code: string;
  message: string;
  retryAfterSeconds: number;
}

/** The contract's email object of a PDF result. */
export interface MailResult {
  requested: true;
  to: string;
  provider: 'smtp' | 'noop';
  sent: boolean;
  /** '' when nothing was sent. */
  messageId: string;
  /** Only when the e-mail was held back by a mailer that sends (withhold): the no-op provider's answer keeps the contract's shape. */
  reason?: MailNotSentReason;
}

export interface PlanMail {
  to: string;
  title: string;
  pdfUrl: string;
  /** Attached when under ATTACHMENT_LIMIT_BYTES; the link is always in the text. */
  pdf?: Buffer;
}

export interface Mailer {
  readonly provider: MailResult['provider'];
  /** Never throws: a failed delivery is reported as sent false (the PDF request still succeeds). */
  send(mail: PlanMail, context?: RequestContext): Promise<MailResult>;
  /** The result for an e-mail to `to` that is not sent, for `reason`. */
  withhold(to: string, reason: MailNotSentReason): MailResult;
  close(): void;
}

export const ATTACHMENT_LIMIT_BYTES = 5 * 1024 * 1024;

/** Subjects are one line: line breaks in a title must not become header breaks. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** The longest project name a subject shows, in characters; a longer one is cut with "…". */
export const SUBJECT_TITLE_MAX_CHARS = 60;

/**
 * What makes a name link-like, as mail clients turn text into links: a
 * scheme ("https://", "mailto:x", but not "Data: …"), "www.", a dotted IPv4 address, or a
 * domain-like token (a dot, or an ideographic full stop, between a letter or
 * digit and two letters: "example.com", "evil.co"). Checked on the NFKC form,
 * so full-width letters and dots count as their plain forms. It errs towards
 * caution: "Node.js" is link-like too.
 */
const LINK_LIKE = [
  /:\/\//,
  /\b(?:https?|ftp|mailto|file|data|javascript|tel|sms):\S/i,
  /\bwww[.\u3002]/i,
  /\d{1,3}[.\u3002]\d{1,3}[.\u3002]\d{1,3}[.\u3002]\d{1,3}/,
  /[\p{L}\p{N}_-][.\u3002]\p{L}{2}/u,
];

/** Whether a mail client could show `text` as a link, or part of it. */
export function looksLikeLink(text: string): boolean {
  const plain = text.normalize('NFKC');
  return LINK_LIKE.some((pattern) => pattern.test(plain));
}

/**
 * The subject of a plan e-mail. The project name is anyone's text, and the
 * mail goes out from our domain to any address: a name holding anything
 * link-like is left out (the subject carries no link someone else chose),
 * and a long one is shortened. The body still shows the name, escaped.
 */
export function planSubject(title: string): string {
  const name = oneLine(title);
  if (!name || looksLikeLink(name)) return 'Your evaluation plan';
  return `Your evaluation plan: ${shortName(name, SUBJECT_TITLE_MAX_CHARS)}`;
}

function message(mail: PlanMail): OutgoingMail {
  const title = oneLine(mail.title) || 'Evaluation plan';
  return {
    to: mail.to,
    subject: planSubject(mail.title),
    text: `Hello,\n\nyour evaluation plan "${title}" is ready.\n\nDownload it here: ${mail.pdfUrl}\n\n— evalplan`,
    html:
      `<p>Hello,</p><p>your evaluation plan <strong>${escapeHtml(title)}</strong> is ready.</p>` +
      `<p><a href="${escapeHtml(mail.pdfUrl)}">Download the PDF</a></p><p>— evalplan</p>`,
    attachments:
      mail.pdf && mail.pdf.length < ATTACHMENT_LIMIT_BYTES
        ? [{ filename: 'evaluation-plan.pdf', content: mail.pdf, contentType: 'application/pdf' }]
        : [],
  };
}

/** nodemailer over SMTP_URL (provider "smtp"), or a no-op provider that sends nothing. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
  /** Longest time between two log lines while the SMTP server is unreachable (default 30 s). */
  summaryIntervalMs?: number;
}): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      provider: 'noop',
      send: async (mail) => ({ requested: true, to: mail.to, provider: 'noop', sent: false, messageId: '' }),
      // Nothing would have been sent anyway: the contract's no-op answer, with no reason.
      withhold: (to) => ({ requested: true, to, provider: 'noop', sent: false, messageId: '' }),
      close: () => undefined,
    };
  }
  const transport = createSmtpTransport({
    smtpUrl,
    from,
    logger,
    kind: 'plan e-mail',
    timeoutMs: MAIL_SEND_TIMEOUT_MS,
    summaryIntervalMs: options.summaryIntervalMs,
    onDelivery: countMail,
  });
  return {
    provider: 'smtp',
    send: async (mail, context) => {
      const delivery = await transport.send(message(mail), context);
      return { requested: true, to: mail.to, provider: 'smtp', sent: delivery.sent, messageId: delivery.sent ? delivery.messageId : '' };
    },
    withhold: (to, reason) => ({ requested: true, to, provider: 'smtp', sent: false, messageId: '', reason }),
    close: () => transport.close(),
  };
}
