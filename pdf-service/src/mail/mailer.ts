import { isDependencyFailure } from '@evalplan/common/dependencies';
import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import { IncidentLog, type Logger } from '@evalplan/common/logging';
import { MAIL_SEND_TIMEOUT_MS } from '../contracts';
import { countMail } from '../metrics';
import type nodemailer from 'nodemailer';
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

function message(mail: PlanMail, from: string): nodemailer.SendMailOptions {
  const title = oneLine(mail.title) || 'Evaluation plan';
  return {
    from,
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
  const outage = new IncidentLog({
    logger,
    fields: { dependency: 'smtp' },
    countField: 'undelivered_mails',
    messages: { started: 'SMTP server unreachable', ongoing: 'SMTP server still unreachable', ended: 'SMTP server reachable again' },
    summaryIntervalMs: options.summaryIntervalMs ?? 30_000,
  });
  // Loaded only when SMTP_URL is set: about 12 MB a process without mail does not need.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createTransport } = require('nodemailer') as typeof nodemailer;
  const transport = createTransport(smtpUrl, {
    connectionTimeout: MAIL_SEND_TIMEOUT_MS,
    greetingTimeout: MAIL_SEND_TIMEOUT_MS,
    socketTimeout: MAIL_SEND_TIMEOUT_MS,
  } as never);
  return {
    provider: 'smtp',
    send: async (mail, context) => {
      try {
        const info = (await transport.sendMail(message(mail, from))) as { messageId?: string };
        countMail(true);
        if (outage.open) outage.end();
        return { requested: true, to: mail.to, provider: 'smtp', sent: true, messageId: info.messageId ?? '' };
      } catch (error) {
        // The address is the person's; the log keeps only the reason. An unreachable server is one incident.
        countMail(false);
        if (isDependencyFailure(error)) outage.add(1, { error: error instanceof Error ? error.message : String(error) });
        else logger.warn({ err: error, ...requestFields(context) }, 'plan e-mail could not be delivered');
        return { requested: true, to: mail.to, provider: 'smtp', sent: false, messageId: '' };
      }
    },
    close: () => transport.close(),
  };
}
