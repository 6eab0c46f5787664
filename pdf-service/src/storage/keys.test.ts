import { keyOfPublicPath, ownerOfPdfUrl, pdfKey, pdfUrlOf, publicPathOfPdfUrl, unixNanos } from './keys';

const ID = '0b5a4c0e-8d0e-4c55-9d5b-5e6a1c7e9f10';

describe('PDF keys', () => {
  it('maps our public paths to keys', () => {
    expect(keyOfPublicPath(`projects/${ID}/1763900000000000000.pdf`)).toBe(`pdfs/projects/${ID}/1763900000000000000.pdf`);
    expect(keyOfPublicPath(`sessions/${ID}/1.pdf`)).toBe(`pdfs/sessions/${ID}/1.pdf`);
    expect(pdfKey('projects', ID.toUpperCase(), 42n)).toBe(`pdfs/projects/${ID}/42.pdf`);
  });

  it.each([
    '../../etc/passwd',
    `projects/${ID}/../../secret.pdf`,
    `projects/${ID}/..%2F..%2Fsecret.pdf`,
    `projects/${ID}/%2e%2e/1.pdf`,
    `projects\\${ID}\\1.pdf`,
    `/projects/${ID}/1.pdf`,
    `projects/${ID}/1.pdf\u0000.png`,
    `projects/${ID}/1.PDF`,
    `projects/${ID}/1.pdf/`,
    `other/${ID}/1.pdf`,
    `projects/not-a-uuid/1.pdf`,
    `projects/${ID}/abc.pdf`,
    `projects/${ID}/1.pdf?x=1`,
    '',
  ])('refuses %j', (path) => {
    expect(keyOfPublicPath(path)).toBeUndefined();
  });

  it('makes strictly increasing nanosecond names', () => {
    const names = Array.from({ length: 1000 }, () => unixNanos());
    expect(names.every((name, i) => i === 0 || name > names[i - 1]!)).toBe(true);
    expect(String(names[0])).toMatch(/^\d{19}$/);
  });

  it('finds the public path of a PDF URL of ours, and nothing in any other URL', () => {
    expect(publicPathOfPdfUrl(`https://plans.example.org/files/pdfs/projects/${ID}/42.pdf`)).toBe(`projects/${ID}/42.pdf`);
    expect(publicPathOfPdfUrl(`https://x/files/pdfs/projects/${ID}/42.pdf?x=1`)).toBeUndefined();
    expect(publicPathOfPdfUrl(`https://x/files/pdfs/projects/${ID}/%2e%2e/42.pdf`)).toBeUndefined();
    expect(publicPathOfPdfUrl('')).toBeUndefined();
  });

  it('makes the public URL of a key, which reads back to the key and its owner', () => {
    const key = pdfKey('projects', ID, 42n);
    const url = pdfUrlOf('https://plans.example.org', key);
    expect(url).toBe(`https://plans.example.org/files/pdfs/projects/${ID}/42.pdf`);
    expect(keyOfPublicPath(publicPathOfPdfUrl(url) ?? '')).toBe(key);
    expect(ownerOfPdfUrl(url)).toEqual({ owner: 'projects', id: ID });
  });

  it('names the owner of a PDF URL of ours, and nothing for any other URL', () => {
    expect(ownerOfPdfUrl(`https://plans.example.org/files/pdfs/sessions/${ID}/42.pdf`)).toEqual({ owner: 'sessions', id: ID });
    expect(ownerOfPdfUrl(`http://localhost:8080/files/pdfs/projects/${ID}/1763900000000000000.pdf`)).toEqual({ owner: 'projects', id: ID });
    for (const url of [
      '',
      'https://x/files/pdfs/sessions/not-a-uuid/1.pdf',
      `https://x/files/pdfs/sessions/${ID}/../../a.pdf`,
      `https://x/other/${ID}/1.pdf`,
    ]) {
      expect(ownerOfPdfUrl(url)).toBeUndefined();
    }
  });
});
