import { checkPatchedVersions, installedVersions, PATCHED_VERSIONS, patchedPdfmake } from './pdfmake-patches';
import { keptGetProperty } from './style-lookup';

describe('the render worker patches, installed from one module', () => {
  it('are written for exactly the pdfmake, pdfkit and fontkit installed (an upgrade must revisit them)', () => {
    expect(installedVersions()).toEqual(PATCHED_VERSIONS);
    expect(() => checkPatchedVersions()).not.toThrow();
  });

  it('refuse another version, naming each package that differs', () => {
    expect(() => checkPatchedVersions({ ...PATCHED_VERSIONS, pdfkit: '0.20.0', fontkit: '2.1.0' })).toThrow(
      /pdfkit 0\.20\.0 \(patched: 0\.19\.1\), fontkit 2\.1\.0 \(patched: 2\.0\.4\)/,
    );
  });

  it('give pdfmake with every hook in place, once however often it is asked for', () => {
    const pdfmake = patchedPdfmake();
    expect(patchedPdfmake()).toBe(pdfmake);
    /* eslint-disable @typescript-eslint/no-require-imports -- the patched classes themselves */
    const { default: LayoutBuilder } = require('pdfmake/js/LayoutBuilder') as { default: { prototype: Record<string, unknown> } };
    const { default: StyleContextStack } = require('pdfmake/js/StyleContextStack') as { default: { prototype: Record<string, unknown> } };
    const { default: PDFDocument } = require('pdfmake/js/PDFDocument') as { default: { prototype: Record<string, unknown> } };
    const { default: Renderer } = require('pdfmake/js/Renderer') as { default: { prototype: Record<string, unknown> } };
    /* eslint-enable @typescript-eslint/no-require-imports */
    const hooks = (fn: unknown) => Object.getOwnPropertySymbols(fn).map((symbol) => symbol.description);
    expect(hooks(LayoutBuilder.prototype.buildNextLine)).toContain('evalplan.bidiLines');
    // Until the first document asks for a font: then the hook moves onto pdfkit's font class.
    expect(hooks(PDFDocument.prototype.provideFont)).toContain('evalplan.sharedShapedWords');
    expect(StyleContextStack.prototype.getProperty).toBe(keptGetProperty);
    expect(hooks(Renderer.prototype.renderLine)).toContain('evalplan.mergedInlines');
  });
});
