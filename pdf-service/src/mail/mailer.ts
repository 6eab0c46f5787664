import { type RequestContext } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { createSmtpTransport, type OutgoingMail } from '@evalplan/common/mail';
import { MAIL_SEND_TIMEOUT_MS } from '../contracts';
import { countMail } from '../metrics';
import { escapeHtml } from '../templates/go-template';

/** The contract's email object of a PDF result. */
export interface MailResult {
  requested: true;
  to: string;
  provider: 'smtp' | 'noop';
  sent: boolean;
  /** '' when nothing was sent. */
  messageId: string;
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
  close(): void;
}

export const ATTACHMENT_LIMIT_BYTES = 5 * 1024 * 1024;

/** Subjects are one line: line breaks in a title must not become header breaks. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

function message(mail: PlanMail): OutgoingMail {
  const title = oneLine(mail.title) || 'Evaluation plan';
  return {
    to: mail.to,
    subject: `Your evaluation plan: ${title}`,
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
    close: () => transport.close(),
  };
}
