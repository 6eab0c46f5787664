import type { GrpcClientPool } from '@evalplan/common/grpc';
import type { types } from '@evalplan/protos';
import type { PdfFiles, ProjectFileRefs } from '../use-cases/pdf-files';
import type { PdfRenderer } from '../use-cases/pdf-generation';

type PdfClient = GrpcClientPool<types.PdfServiceClient>;

/** A project's files as pdf-service names them: only pdf-service maps the URL and the origin session to files. */
function projectFiles(project: ProjectFileRefs): types.DeletePdfsRequest & types.ListPdfsRequest {
  return { owner: 'projects', id: project.id, pdfUrl: project.pdfUrl ?? '', originSessionId: project.originSessionId ?? '' };
}

/** The stored files, through pdf-service, which owns them and how their URLs map to them. */
export function pdfServiceFiles(client: PdfClient): PdfFiles {
  return {
    deleteProjectFiles: async (project, context) => {
      await client.unary('DeletePdfs', projectFiles(project), { context });
    },
    listProjectFiles: async (project, context) => (await client.unary('ListPdfs', projectFiles(project), { context })).pdfs,
    deleteFolder: async (owner, id, renderedBeforeMs, reason) =>
      (await client.unary('DeletePdfs', { owner, id, renderedBeforeMs, reason })).deleted,
    listFolders: async (owner, after, limit) => {
      const page = await client.unary('ListPdfFolders', { owner, after, limit });
      return { ids: page.ids, nextAfter: page.nextAfter || undefined };
    },
  };
}

/** Rendering, storing and mailing a plan: pdf-service's, with its whole budget (`deadlineMs`), cut to what the caller has left. */
export function pdfServiceRenderer(client: PdfClient, deadlineMs: number): PdfRenderer {
  return {
    render: (request, context) => client.unary('RenderPlan', request, { context, deadlineMs }),
    check: async (options, context) => {
      await client.unary('CheckRender', { options }, { context });
    },
    discard: async (pdfUrl, context) => {
      await client.unary('DeletePdf', { pdfUrl }, { context });
    },
  };
}
