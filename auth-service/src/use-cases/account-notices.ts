import { type Queryable } from '@evalplan/common/db';
import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { createSmtpTransport, type SmtpTransport } from '@evalplan/common/mail';
import { BackgroundWork } from './background-work';
import type { AuthConfig } from '../config';
import { type AccountNotice, accountNoticeMail } from '../mail/account-notice-mail';
import { usersRepository as users } from '../repositories/users';

export interface AccountNoticesOptions {
  db: Queryable;
  /** Undefined without SMTP_URL: then no notice is sent. */
  mail: SmtpTransport | undefined;
  logger: Logger;
}

/**
 * Tells an account's address of a password change, a password reset or the
 * end of every sign-in (Low 8 of issue 36). The address is looked up and the
 * e-mail sent after the answer, so a slow or failing SMTP server neither
 * delays nor fails the request. Log lines carry the user id, never the address.
 */
export class AccountNotices {
  private readonly background: BackgroundWork;

  constructor(private readonly options: AccountNoticesOptions) {
    this.background = new BackgroundWork(options.logger);
  }

  static from({ config, db, logger }: { config: AuthConfig; db: Queryable; logger: Logger }): AccountNotices {
    return new AccountNotices({
      db,
      mail: config.smtpUrl
        ? createSmtpTransport({
            smtpUrl: config.smtpUrl,
            from: config.mailFrom,
            logger,
            kind: 'account notice e-mail',
            summaryIntervalMs: config.incidentSummaryIntervalMs,
          })
        : undefined,
      logger,
    });
  }

  /** Sends `notice` to the address of `userId`'s account, after the answer; without SMTP_URL, nothing. */
  notify(userId: string, notice: AccountNotice, context: RequestContext | undefined): void {
    const { mail } = this.options;
    if (!mail) return;
    this.background.run(() => this.send(mail, userId, notice, context), 'account notice e-mail not sent', context);
  }

  /** Resolves once the notices being sent are done, then closes the transport (the service is stopping). */
  async close(): Promise<void> {
    await this.background.drain();
    this.options.mail?.close();
  }

  private async send(mail: SmtpTransport, userId: string, notice: AccountNotice, context: RequestContext | undefined): Promise<void> {
    const { db, logger } = this.options;
    // Deleted meanwhile: nobody left to tell.
    const user = await users.findById(db, userId);
    if (!user) return;
    const delivery = await mail.send(accountNoticeMail(user.email, notice), context);
    if (delivery.sent) logger.info({ user_id: userId, notice: notice.kind, ...requestFields(context) }, 'account notice e-mail sent');
  }
}
