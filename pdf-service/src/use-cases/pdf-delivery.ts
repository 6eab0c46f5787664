import { AppError } from '@evalplan/common/errors';
import { checkOwner, keyOfPublicPath, ownerOfPdfUrl, ownerPrefix, publicPathOfPdfUrl } from '../storage/keys';
import type { PdfStore, StoredPdf } from '../storage/pdf-store';

/** The key behind a public path (after /files/pdfs/), or else behind a PDF URL of ours; undefined for anything else. */
function keyOf(publicPath: string, pdfUrl: string): string | undefined {
  const path = publicPath || publicPathOfPdfUrl(pdfUrl);
  return path ? keyOfPublicPath(path) : undefined;
}

/** Stored PDFs: read them back; delete them with their project, or one its owner could not record. */
export class PdfDelivery {
  constructor(private readonly store: PdfStore) {}

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
    await this.store.deletePrefix(ownerPrefix(checkOwner(owner, id), id));
    const carried = ownerOfPdfUrl(pdfUrl);
    if (carried?.owner === 'sessions') await this.store.deletePrefix(ownerPrefix(carried.owner, carried.id));
  }

  /** The one file behind a PDF URL of ours (one its owner could not record); anything else is INVALID_INPUT. */
  async deleteOne(pdfUrl: string): Promise<void> {
    const key = keyOf('', pdfUrl);
    if (key === undefined) throw new AppError('INVALID_INPUT', 'Not a PDF URL of this service.');
    await this.store.delete(key);
  }
}
