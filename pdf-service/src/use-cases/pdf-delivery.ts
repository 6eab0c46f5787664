import { AppError } from '@evalplan/common/errors';
import { checkOwner, keyOfPublicPath, ownerOfPdfUrl, ownerPrefix, pdfUrlOf, publicPathOfPdfUrl, renderedAtOf } from '../storage/keys';
import type { PdfStore, StoredPdf } from '../storage/pdf-store';

/** The key behind a public path (after /files/pdfs/), or else behind a PDF URL of ours; undefined for anything else. */
function keyOf(publicPath: string, pdfUrl: string): string | undefined {
  const path = publicPath || publicPathOfPdfUrl(pdfUrl);
  return path ? keyOfPublicPath(path) : undefined;
}

/** A stored PDF as an export lists it. */
export interface ListedPdf {
  pdfUrl: string;
  /** ISO 8601. */
  createdAt: string;
}

/** Stored PDFs: read them back, list them; delete them with their project, or one its owner could not record. */
export class PdfDelivery {
  constructor(
    private readonly store: PdfStore,
    /** The base of the public URLs listed (as RenderPlan makes them). */
    private readonly publicBaseUrl: string,
  ) {}

  /** The stored PDF behind a public path or PDF URL; PDF_NOT_FOUND for anything that is not one of our keys. */
  async read(publicPath: string, pdfUrl = ''): Promise<StoredPdf> {
    const key = keyOf(publicPath, pdfUrl);
    const stored = key === undefined ? undefined : await this.store.get(key);
    if (!stored) throw new AppError('PDF_NOT_FOUND');
    return stored;
  }

  /**
   * Every PDF of a project or session; and, when the owner points at a
   * session's PDF (`pdfUrl`: a project converted from a session), every PDF of
   * that session too, so no public URL of the owner outlives it.
   */
  async deleteAll(owner: string, id: string, pdfUrl = ''): Promise<void> {
    for (const prefix of this.prefixesOf(owner, id, pdfUrl)) await this.store.deletePrefix(prefix);
  }

  /** The PDFs deleteAll would delete, oldest first, with their public URLs and render times. */
  async list(owner: string, id: string, pdfUrl = ''): Promise<ListedPdf[]> {
    const listed: Array<{ key: string; at: Date }> = [];
    for (const prefix of this.prefixesOf(owner, id, pdfUrl)) {
      for (const key of await this.store.list(prefix)) {
        const at = renderedAtOf(key);
        if (at) listed.push({ key, at });
      }
    }
    listed.sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));
    return listed.map(({ key, at }) => ({ pdfUrl: pdfUrlOf(this.publicBaseUrl, key), createdAt: at.toISOString() }));
  }

  /** The owner's folder, and a converted session's one when `pdfUrl` points into it. */
  private prefixesOf(owner: string, id: string, pdfUrl: string): string[] {
    const prefixes = [ownerPrefix(checkOwner(owner, id), id)];
    const carried = ownerOfPdfUrl(pdfUrl);
    if (carried?.owner === 'sessions') prefixes.push(ownerPrefix(carried.owner, carried.id));
    return prefixes;
  }

  /** The one file behind a PDF URL of ours (one its owner could not record); anything else is INVALID_INPUT. */
  async deleteOne(pdfUrl: string): Promise<void> {
    const key = keyOf('', pdfUrl);
    if (key === undefined) throw new AppError('INVALID_INPUT', 'Not a PDF URL of this service.');
    await this.store.delete(key);
  }
}
