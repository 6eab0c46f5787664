import type { AddressInfo } from 'node:net';
import { createLogger } from '@evalplan/common';
import { SMTPServer } from 'smtp-server';
import { createMailer } from './mailer';

const logger = createLogger({ name: 'test', level: 'silent' });

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP peer that keeps what it receives; recipients at refuse.example are refused. */
async function startSmtp(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) =>
      address.address.endsWith('@refuse.example') ? callback(new Error('mailbox unavailable')) : callback(),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          // Quoted-printable soft line breaks undone, so long lines (the link) can be searched.
          raw: Buffer.concat(chunks).toString('utf8').replace(/=\r\n/g, ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

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
      expect(mail!.raw).toMatch(/^Subject: Your evaluation plan: Quest log Bcc: evil@example.com$/m);
      expect(mail!.raw).not.toMatch(/^Bcc:/m);
      expect(mail!.raw).toContain(pdfUrl);
      expect(mail!.raw).toMatch(/Content-Type: application\/pdf; name=evaluation-plan\.pdf/);
      expect(mail!.raw).toContain(Buffer.from('%PDF-1.7 test').toString('base64').replace(/=+$/, ''));
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
