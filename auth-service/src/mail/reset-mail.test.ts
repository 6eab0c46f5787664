import { describeDuration, resetLink, resetMail } from './reset-mail';

const TOKEN = 'abc-DEF_123'.padEnd(43, 'x');

describe('the password-reset e-mail', () => {
  it('links to the configured page with the token as ?token=, keeping its own query', () => {
    expect(resetLink('http://localhost:5173/reset-password', TOKEN)).toBe(`http://localhost:5173/reset-password?token=${TOKEN}`);
    expect(resetLink('https://app.example.org/account/reset?lang=de', TOKEN)).toBe(
      `https://app.example.org/account/reset?lang=de&token=${TOKEN}`,
    );
  });

  it('holds the link in the text and, escaped, in the HTML, and says how long it works', () => {
    const link = resetLink('https://app.example.org/reset?lang=de', TOKEN);
    const mail = resetMail('ada@example.com', link, 30 * 60_000);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain(`href="https://app.example.org/reset?lang=de&amp;token=${TOKEN}"`);
    expect(mail.html).toContain('30 minutes');
  });

  it('describes the lifetime in words', () => {
    expect(describeDuration(60_000)).toBe('1 minute');
    expect(describeDuration(90 * 60_000)).toBe('90 minutes');
    expect(describeDuration(2 * 3_600_000)).toBe('2 hours');
    expect(describeDuration(86_400_000)).toBe('1 day');
    expect(describeDuration(1_500)).toBe('1 minute');
  });
});
