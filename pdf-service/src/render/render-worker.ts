import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TemplateData } from '../domain/template-data';
import type * as PdfMake from 'pdfmake';
import { Piscina } from 'piscina';
import { builtInLayout, LAYOUT_FONT } from './built-in-layout'; // pure data: loads no pdfmake code
import { shareParsedFonts } from './parsed-font-cache';

shareParsedFonts();
// Required only now, so that pdfkit picks up the caching fontkit.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfmake = require('pdfmake') as typeof PdfMake;

/**
 * Worker-thread entry of the render pool: lays a plan out with pdfmake.
 * The font files are read once per worker into pdfmake's in-memory file
 * system; pdfmake may not fetch URLs or read local files at all, so nothing a
 * person typed can make the renderer reach out.
 */
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FACES = {
  normal: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italics: 'DejaVuSans-Oblique.ttf',
  bolditalics: 'DejaVuSans-BoldOblique.ttf',
};

/** pdfmake's in-memory file system exists on the server build too; its typings only declare it for browsers. */
const memoryFiles = (pdfmake as unknown as { virtualfs: { writeFileSync(name: string, data: Buffer): void } }).virtualfs;

let fontsLoaded: Promise<void> | undefined;

function loadFonts(): Promise<void> {
  fontsLoaded ??= (async () => {
    for (const file of Object.values(FACES)) memoryFiles.writeFileSync(file, await readFile(path.join(FONT_DIR, file)));
    pdfmake.setFonts({ [LAYOUT_FONT]: FACES });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
  })();
  return fontsLoaded;
}

export default async function renderBuiltIn(data: TemplateData): Promise<unknown> {
  await loadFonts();
  const pdf = await pdfmake.createPdf(builtInLayout(data)).getBuffer();
  // Handed over, not copied, when the buffer owns its memory (it does at PDF sizes).
  const owned = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
  return owned ? Piscina.move(new Uint8Array(pdf.buffer, 0, pdf.byteLength)) : pdf;
}
