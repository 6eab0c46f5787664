import { createLogger } from '@evalplan/common/logging';
import { startSmtp } from '../../../test/helpers/smtp-peer';
import { createMailer } from './mailer';

const logger = createLogger({ name: 'test', level: 'silent' });

describe('mailer', () => {
  it('with no SMTP_URL: provider noop, nothing sent, messageId ""', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'evalplan <no-reply@evalplan.local>', logger });
    expect(await mailer.send({ to: 'ada@example.com', title: 'Plan', pdfUrl: 'http://x/files/pdfs/a.pdf' })).toEqual({
      requested: true,
      to: 'ada@example.com',
      provider: 'noop',
      sent: false,
      messageId: '',
    });
  });

  it('delivers a message with the title, the link and the PDF attached', async () => {
    const smtp = await startSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'evalplan <no-reply@evalplan.local>', logger });
    try {
      const pdfUrl = 'http://localhost:8080/files/pdfs/projects/0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10/1.pdf';
      const result = await mailer.send({
        to: 'ada@example.com',
        title: 'Quest log\r\nBcc: evil@example.com',
        pdfUrl,
        pdf: Buffer.from('%PDF-1.7 test'),
      });
      expect(result).toEqual({
        requested: true,
        to: 'ada@example.com',
        provider: 'smtp',
        sent: true,
        messageId: expect.stringMatching(/^<.+>$/),
      });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.to).toEqual(['ada@example.com']);
      expect(mail!.from).toBe('no-reply@evalplan.local');
      // The name holds an address (link-like): the subject leaves it out; the body still shows it.
      expect(mail!.raw).toMatch(/^Subject: Your evaluation plan$/m);
      expect(mail!.raw).toContain('Quest log Bcc: evil@example.com');
      expect(mail!.raw).not.toMatch(/^Bcc:/m);
      expect(mail!.raw).toContain(pdfUrl);
      expect(mail!.raw).toMatch(/Content-Type: application\/pdf; name=evaluation-plan\.pdf/);
      expect(mail!.raw).toContain(
        Buffer.from('%PDF-1.7 test')
          .toString('base64')
          .replace(/(?<!=)=+$/, ''),
      );
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('does not attach a PDF of 5 MB or more, and still sends the link', async () => {
    const smtp = await startSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@evalplan.local', logger });
    try {
      await mailer.send({ to: 'ada@example.com', title: 'Big', pdfUrl: 'http://x/big.pdf', pdf: Buffer.alloc(5 * 1024 * 1024) });
      expect(smtp.received[0]!.raw).toContain('http://x/big.pdf');
      expect(smtp.received[0]!.raw).not.toContain('application/pdf');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('sends nothing for an e-mail held back, and says why; the no-op provider keeps its contract shape', async () => {
    const smtp = await startSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@evalplan.local', logger });
    const reason = { code: 'RATE_LIMITED', message: 'The plan was not e-mailed: too many plans.', retryAfterSeconds: 60 };
    try {
      expect(mailer.withhold('ada@example.com', reason)).toEqual({
        requested: true,
        to: 'ada@example.com',
        provider: 'smtp',
        sent: false,
        messageId: '',
        reason,
      });
      expect(smtp.received).toEqual([]);
    } finally {
      mailer.close();
      await smtp.close();
    }
    const noop = createMailer({ smtpUrl: undefined, from: 'no-reply@evalplan.local', logger });
    expect(noop.withhold('ada@example.com', reason)).toEqual({
      requested: true,
      to: 'ada@example.com',
      provider: 'noop',
      sent: false,
      messageId: '',
    });
  });

  it('reports a refused or unreachable delivery as sent false instead of failing', async () => {
    const smtp = await startSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@evalplan.local', logger });
    const refused = await mailer.send({ to: 'ghost@refuse.example', title: 'x', pdfUrl: 'http://x/a.pdf' });
    expect(refused).toMatchObject({ provider: 'smtp', sent: false, messageId: '' });
    mailer.close();
    await smtp.close();
    const offline = createMailer({ smtpUrl: smtp.url, from: 'no-reply@evalplan.local', logger });
    expect(await offline.send({ to: 'ada@example.com', title: 'x', pdfUrl: 'http://x/a.pdf' })).toMatchObject({
      sent: false,
      messageId: '',
    });
    offline.close();
  });
});
