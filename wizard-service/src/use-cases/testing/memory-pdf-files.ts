import type { PdfOwner } from '../ports';
import type { DeletionReason, ListedPdf, PdfFiles, PdfFolderPage, ProjectFileRefs } from '../pdf-files';

/** Test support only (not built): pdf-service's stored files in memory, with the semantics its RPCs promise. */

const SESSION_OF_URL = /\/files\/pdfs\/sessions\/([0-9a-f-]{36})\//;

export class MemoryPdfFiles implements PdfFiles {
  /** "<owner>/<id>" → when each of its files was rendered (Unix ms). */
  readonly folders = new Map<string, number[]>();
  /** What DeletePdfs was asked, in order. */
  readonly deletions: Array<{ owner: PdfOwner; id: string; renderedBeforeMs: number; reason: DeletionReason }> = [];
  /** Every call fails with this while set (pdf-service away). */
  failWith: Error | undefined;

  add(owner: PdfOwner, id: string, renderedAtMs = Date.now()): void {
    this.folders.set(`${owner}/${id}`, [...(this.folders.get(`${owner}/${id}`) ?? []), renderedAtMs]);
  }

  filesOf(owner: PdfOwner, id: string): number[] {
    return this.folders.get(`${owner}/${id}`) ?? [];
  }

  async deleteProjectFiles(project: ProjectFileRefs): Promise<void> {
    for (const [owner, id] of this.foldersOf(project)) await this.deleteFolder(owner, id, 0, 'owner_deleted');
  }

  async listProjectFiles(project: ProjectFileRefs): Promise<ListedPdf[]> {
    this.check();
    return this.foldersOf(project)
      .flatMap(([owner, id]) => this.filesOf(owner, id).map((at) => ({ at, pdfUrl: `/files/pdfs/${owner}/${id}/${at}000000.pdf` })))
      .sort((a, b) => a.at - b.at)
      .map(({ at, pdfUrl }) => ({ pdfUrl, createdAt: new Date(at).toISOString(), size: 1000 }));
  }

  async deleteFolder(owner: PdfOwner, id: string, renderedBeforeMs: number, reason: DeletionReason): Promise<number> {
    this.check();
    this.deletions.push({ owner, id, renderedBeforeMs, reason });
    const files = this.filesOf(owner, id);
    const kept = renderedBeforeMs === 0 ? [] : files.filter((at) => at >= renderedBeforeMs);
    if (kept.length > 0) this.folders.set(`${owner}/${id}`, kept);
    else this.folders.delete(`${owner}/${id}`);
    return files.length - kept.length;
  }

  async listFolders(owner: PdfOwner, after: string, limit: number): Promise<PdfFolderPage> {
    this.check();
    const ids = [...this.folders.keys()]
      .filter((key) => key.startsWith(`${owner}/`))
      .map((key) => key.slice(owner.length + 1))
      .filter((id) => id > after)
      .sort();
    const page = ids.slice(0, limit);
    return { ids: page, nextAfter: ids.length > limit ? page[page.length - 1] : undefined };
  }

  private foldersOf(project: ProjectFileRefs): Array<[PdfOwner, string]> {
    const sessionOfUrl = SESSION_OF_URL.exec(project.pdfUrl ?? '')?.[1];
    const sessions = new Set([project.originSessionId, sessionOfUrl].filter((id): id is string => Boolean(id)));
    return [['projects', project.id], ...[...sessions].map((id): [PdfOwner, string] => ['sessions', id])];
  }

  private check(): void {
    if (this.failWith) throw this.failWith;
  }
}
