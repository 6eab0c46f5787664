import type { TemplateData } from '../domain/template-data';
import { Piscina } from 'piscina';
import { builtInLayout } from './built-in-layout'; // pure data: loads no pdfmake code
import { FontChain } from './font-chain';
import { patchedPdfmake } from './pdfmake-patches';
import { type PlanFileTask, writePlanFile } from './plan-files';
import { withScriptRuns } from './script-runs';

const pdfmake = patchedPdfmake();

/**
 * Worker-thread entry of the render pool: lays a plan out with pdfmake.
 * Font files are read into pdfmake's in-memory file system (DejaVu Sans at
 * the first plan, a fallback the first time a plan needs it); pdfmake may not
 * fetch URLs or read local files at all, so nothing a person typed can make
 * the renderer reach out.
 */

/** pdfmake's in-memory file system exists on the server build too; its typings only declare it for browsers. */
const memoryFiles = (pdfmake as unknown as { virtualfs: { writeFileSync(name: string, data: Buffer): void } }).virtualfs;

const fonts = new FontChain((name, bytes) => memoryFiles.writeFileSync(name, bytes));
let fontsReady = false;

function loadFonts(): void {
  if (fontsReady) return;
  fonts.loadPrimary();
  pdfmake.setFonts(fonts.pdfmakeFonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  fontsReady = true;
}

/** Handed over, not copied, when the buffer owns its memory (it does at PDF sizes). */
function handedOver(bytes: Buffer): unknown {
  const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return owned ? Piscina.move(new Uint8Array(bytes.buffer, 0, bytes.byteLength)) : bytes;
}

export default async function renderBuiltIn(data: TemplateData): Promise<unknown> {
  loadFonts();
  return handedOver(await pdfmake.createPdf(withScriptRuns(builtInLayout(data), fonts)).getBuffer());
}

/** ExportPlan's Markdown and DOCX files (the pool's writePlan). */
export async function writePlan(task: PlanFileTask): Promise<unknown> {
  return handedOver(await writePlanFile(task));
}
