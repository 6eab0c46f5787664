import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** 40 dpi: one pixel row is 1.8 pt, finer than any gap that matters here, and a page converts in milliseconds. */
const DPI = 40;
const POINTS_PER_INCH = 72;
/** A pixel darker than this is ink; the layout's lightest rule (#c9d3dd) is about 209 in grey. */
const INK_BELOW = 235;

/** A page's top and bottom margins in points: the header and footer sit in them, outside the content area. */
export interface VerticalMargins {
  top: number;
  bottom: number;
}

interface GreyPage {
  width: number;
  height: number;
  pixels: Buffer;
}

/**
 * For each page of a PDF, the share of its content area (the page inside its
 * top and bottom margins) left blank below the lowest row with any ink: 0 for
 * a page written to its foot, 1 for a page with nothing on it. The pages are
 * rendered with pdftoppm (poppler-utils) as greyscale PGM, which is parsed
 * without an image library.
 */
export async function blankShares(pdf: Buffer, margins: VerticalMargins): Promise<number[]> {
  const pages = await greyPages(pdf);
  return pages.map((page) => blankShareOf(page, margins));
}

function blankShareOf({ width, height, pixels }: GreyPage, margins: VerticalMargins): number {
  const pixelsPerPoint = DPI / POINTS_PER_INCH;
  const top = Math.ceil(margins.top * pixelsPerPoint);
  const bottom = Math.floor(height - margins.bottom * pixelsPerPoint);
  let inkedTo = top;
  for (let row = top; row < bottom; row += 1) {
    const line = pixels.subarray(row * width, (row + 1) * width);
    if (line.some((grey) => grey < INK_BELOW)) inkedTo = row + 1;
  }
  return (bottom - inkedTo) / (bottom - top);
}

async function greyPages(pdf: Buffer): Promise<GreyPage[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'evalplan-pages-'));
  try {
    const pdfFile = path.join(folder, 'plan.pdf');
    await writeFile(pdfFile, pdf);
    await run('pdftoppm', ['-r', String(DPI), '-gray', pdfFile, path.join(folder, 'page')]);
    // pdftoppm pads page numbers to one width, so names sort in page order.
    const names = (await readdir(folder)).filter((name) => name.endsWith('.pgm')).sort();
    return await Promise.all(names.map(async (name) => parsePgm(await readFile(path.join(folder, name)))));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Binary PGM ("P5"): four whitespace-separated header fields, one whitespace byte, then a byte per pixel. */
function parsePgm(file: Buffer): GreyPage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(file.toString('latin1', 0, 64));
  if (!header || header[3] !== '255') throw new Error('pdftoppm did not write an 8-bit binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: file.subarray(header[0].length, header[0].length + width * height) };
}
