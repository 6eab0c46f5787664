import { execFile } from 'node:child_process';

/** The text pdftotext (poppler-utils) extracts from a PDF, with runs of whitespace folded to one space. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const child = execFile('pdftotext', ['-enc', 'UTF-8', '-', '-'], { maxBuffer: 32 * 1024 * 1024 });
  let text = '';
  let errors = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  child.stdin!.end(pdf);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`pdftotext failed (${code}): ${errors}`);
  return text.replace(/\s+/g, ' ');
}
