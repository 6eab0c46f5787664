import type { RequestContext } from '@evalplan/common/grpc';
import type { PdfOwner } from './ports';

/** A stored PDF as pdf-service lists it. */
export interface ListedPdf {
  pdfUrl: string;
  /** When it was rendered, ISO 8601. */
  createdAt: string;
  /** Bytes. */
  size: number;
}

/**
 * What names a project's files to pdf-service: its own folder, the PDF it
 * points at, and the session it was converted from (Project has all three).
 */
export interface ProjectFileRefs {
  id: string;
  pdfUrl: string | null;
  originSessionId: string | null;
}

/** Why files go, for pdf-service's logs and its evalplan.pdf.files.deleted metric. */
export type DeletionReason = 'owner_deleted' | 'session_expired' | 'orphan';

/** One page of the owners that have files in storage, in key order. */
export interface PdfFolderPage {
  ids: string[];
  /** Where the next page starts; undefined after the last one. */
  nextAfter: string | undefined;
}

/** The files pdf-service keeps for wizard-service's projects and sessions (pdf-service-files.ts adapts its client). */
export interface PdfFiles {
  /** Deletes every PDF of the project: its own, its origin session's, and the session's its pdfUrl may still point at. */
  deleteProjectFiles(project: ProjectFileRefs, context?: RequestContext): Promise<void>;
  /** The same files, oldest first. */
  listProjectFiles(project: ProjectFileRefs, context?: RequestContext): Promise<ListedPdf[]>;
  /** Deletes the PDFs of one owner rendered before `renderedBeforeMs` (Unix ms; 0 for all); how many went. */
  deleteFolder(owner: PdfOwner, id: string, renderedBeforeMs: number, reason: DeletionReason): Promise<number>;
  /** Up to `limit` owners with files, after `after` ('' for the first page). */
  listFolders(owner: PdfOwner, after: string, limit: number): Promise<PdfFolderPage>;
}
