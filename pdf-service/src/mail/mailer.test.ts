import { looksLikeLink, planSubject, SUBJECT_TITLE_MAX_CHARS } from './mailer';

describe('the subject of a plan e-mail', () => {
  it('names the project when its name holds nothing a mail client could show as a link', () => {
    for (const name of [
      'Quest log redesign',
      'Study: phase 2',
      'Data: results of v1.5',
      'e.g. the U.S. pilot',
      'Ph.D thesis',
      'Über-Studie 漢字',
    ]) {
      expect([name, planSubject(name)]).toEqual([name, `Your evaluation plan: ${name}`]);
    }
  });

  it('leaves out a name holding a URL, a scheme, www., an address or a domain, in any spelling', () => {
    const linkLike = [
      'Win a prize at https://evil.example/claim',
      'see HTTP://EVIL',
      'hxxp://evil', // a scheme of any name, with ://
      'mailto:ceo@evil.example',
      'javascript:alert(1)',
      'www.evil',
      'claim at evil.com now',
      'ada@example.org',
      'evil.co',
      'call 203.0.113.7',
      'ｗｗｗ．ｅｖｉｌ．ｃｏｍ', // full-width, NFKC-folded
      'evil。com', // ideographic full stop, which IDNA reads as a dot
      'Node.js study', // cautious: a domain-like token
    ];
    for (const name of linkLike) {
      expect([name, looksLikeLink(name), planSubject(name)]).toEqual([name, true, 'Your evaluation plan']);
    }
  });

  it('keeps to one line and cuts a long name', () => {
    expect(planSubject('Quest log\r\nBcc: someone')).toBe('Your evaluation plan: Quest log Bcc: someone');
    const long = 'A very long project name '.repeat(5);
    const subject = planSubject(long);
    expect(subject.startsWith('Your evaluation plan: A very long project name')).toBe(true);
    expect(subject.endsWith('…')).toBe(true);
    expect([...subject.slice('Your evaluation plan: '.length)]).toHaveLength(SUBJECT_TITLE_MAX_CHARS);
    expect(planSubject('   ')).toBe('Your evaluation plan');
  });
});
