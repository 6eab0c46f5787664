import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as PdfMake from 'pdfmake';
import { installBidiLines } from './bidi-lines';
import { installMergedInlines } from './merged-inlines';
import { shareParsedFonts } from './parsed-font-cache';
import { shareShapedWords } from './shaped-words';
import { installStyleLookup } from './style-lookup';

/**
 * Every change the render worker makes to pdfmake, pdfkit and fontkit, made
 * in one place, in the one order that works, for the versions they were
 * written against (decision 25):
 *
 * | patch | replaces | why | module |
 * |---|---|---|---|
 * | parsed fonts | fontkit's `create`, as pdfkit requires it | pdfkit parsed each font file again for every document: over half a render; the font also keeps each glyph's bytes for subsetting | parsed-font-cache.ts |
 * | bidi lines | pdfmake's `LayoutBuilder.buildNextLine` (wrapped) | pdfmake has no bidi: each laid-out line is put into visual order, or right-to-left text would print backwards | bidi-lines.ts |
 * | style lookup | pdfmake's `StyleContextStack.getProperty` | each lookup allocated a callback and Sets: a quarter of a plan's allocation | style-lookup.ts |
 * | shaped words | pdfmake's `PDFDocument.provideFont` (wrapped, once) and pdfkit's font `layoutCached` | each document shaped and scaled the same words again | shaped-words.ts |
 * | joined words | pdfmake's `Renderer.renderLine` (wrapped) | each word was its own text object: a fifth of a typical plan's render | merged-inlines.ts |
 *
 * Each of the first four gives the same PDF, byte for byte (their unit tests
 * and layout-pages.it.test.ts); joined words give the same words at the same
 * places in fewer text objects (pdf-scripts and plan-content tests read them
 * back). They reach into modules the packages do not
 * export, so the packages are checked here against the versions the patches
 * were written for, once, before anything is touched: another version fails
 * the worker at start with a message naming it, never a plan later.
 */
export const PATCHED_VERSIONS = { pdfmake: '0.3.11', pdfkit: '0.19.1', fontkit: '2.0.4' } as const;

type Package = keyof typeof PATCHED_VERSIONS;

/** The installed version of each package, resolved as pdfmake resolves pdfkit and pdfkit resolves fontkit. */
export function installedVersions(): Record<Package, string> {
  const entries: Record<Package, string> = { pdfmake: require.resolve('pdfmake'), pdfkit: '', fontkit: '' };
  entries.pdfkit = require.resolve('pdfkit', { paths: [path.dirname(entries.pdfmake)] });
  entries.fontkit = require.resolve('fontkit', { paths: [path.dirname(entries.pdfkit)] });
  const versionOf = (name: Package): string => {
    // The package's own package.json, up from its entry (fontkit's exports do not list it).
    for (let directory = path.dirname(entries[name]); directory !== path.dirname(directory); directory = path.dirname(directory)) {
      try {
        const manifest = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (manifest.name === name) return manifest.version ?? 'unknown';
      } catch {
        // No package.json at this level: one up.
      }
    }
    return 'unknown';
  };
  return { pdfmake: versionOf('pdfmake'), pdfkit: versionOf('pdfkit'), fontkit: versionOf('fontkit') };
}

/** Throws, naming each package whose installed version is not the one the patches were written for. */
export function checkPatchedVersions(installed: Record<Package, string> = installedVersions()): void {
  const wrong = (Object.keys(PATCHED_VERSIONS) as Package[]).filter((name) => installed[name] !== PATCHED_VERSIONS[name]);
  if (wrong.length === 0) return;
  const found = wrong.map((name) => `${name} ${installed[name]} (patched: ${PATCHED_VERSIONS[name]})`).join(', ');
  throw new Error(`The render worker's patches do not fit the installed ${found}: see pdf-service/src/render/pdfmake-patches.ts.`);
}

let patched: typeof PdfMake | undefined;

/**
 * pdfmake with every patch above in place, for this thread (once). The
 * fontkit patch must come before pdfmake is first required, since pdfkit
 * takes fontkit as it loads; the others patch pdfmake's classes after.
 */
export function patchedPdfmake(): typeof PdfMake {
  if (patched) return patched;
  checkPatchedVersions();
  shareParsedFonts();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required only now, so that pdfkit gets the caching fontkit
  const pdfmake = require('pdfmake') as typeof PdfMake;
  installBidiLines();
  installStyleLookup();
  shareShapedWords();
  installMergedInlines();
  patched = pdfmake;
  return pdfmake;
}
