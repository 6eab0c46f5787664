import type nodemailer from 'nodemailer';
import { isDependencyFailure } from '../dependencies/failures';
import { type RequestContext, requestFields } from '../grpc/rpc/request-context';
import { IncidentLog } from '../logging/incident-log';
import type { Logger } from '../logging/logger';

/** How long connecting, the greeting and each socket read may take before a delivery counts as failed. */
export const SMTP_TIMEOUT_MS = 15_000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** What became of one message: handed to the SMTP server (with its id), or not delivered. */
export type Delivery = { sent: true; messageId: string } | { sent: false };

export interface SmtpTransport {
  /** Never throws: a failed delivery is { sent: false }, logged without the address. */
  send(mail: OutgoingMail, context?: RequestContext): Promise<Delivery>;
  close(): void;
}

export interface SmtpTransportOptions {
  smtpUrl: string;
  from: string;
  logger: Logger;
  /** What is sent, for the log line of a refused delivery, e.g. "plan e-mail". */
  kind: string;
  timeoutMs?: number;
  /** Longest time between two log lines while the SMTP server is unreachable (default 30 s). */
  summaryIntervalMs?: number;
  /** Told of every delivery, e.g. to count it in the component's metrics. */
  onDelivery?: (sent: boolean) => void;
}

/**
 * nodemailer over SMTP_URL. An unreachable server is one incident in the log
 * (a warning when it starts, summaries while it lasts), not a line per mail;
 * a refusal by a reachable server is a warning of its own.
 */
export function createSmtpTransport(options: SmtpTransportOptions): SmtpTransport {
  const { smtpUrl, from, logger, kind, onDelivery } = options;
  const timeoutMs = options.timeoutMs ?? SMTP_TIMEOUT_MS;
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
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as never);
  return {
    send: async (mail, context) => {
      try {
        const info = (await transport.sendMail({ from, ...mail })) as { messageId?: string };
        onDelivery?.(true);
        if (outage.open) outage.end();
        return { sent: true, messageId: info.messageId ?? '' };
      } catch (error) {
        // The address is the person's; the log keeps only the reason.
        onDelivery?.(false);
        if (isDependencyFailure(error)) outage.add(1, { error: error instanceof Error ? error.message : String(error) });
        else logger.warn({ ...smtpFailureFields(error), ...requestFields(context) }, `${kind} could not be delivered`);
        return { sent: false };
      }
    },
    close: () => transport.close(),
  };
}

/**
 * What a failed delivery says without the person: nodemailer's message and
 * its `rejected` list name the recipient's address, so only the SMTP code,
 * the server's status and the command that failed are kept.
 */
function smtpFailureFields(error: unknown): Record<string, unknown> {
  const { code, responseCode, command } = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  return { smtp_code: code, smtp_response_code: responseCode, smtp_command: command };
}
