import { AppError } from '@evalplan/common/errors';
import { type ServiceImplementation, writeMessage } from '@evalplan/common/grpc';
import { jsonOf, type types } from '@evalplan/protos';
import type { PdfDelivery } from './use-cases/pdf-delivery';
import type { PlanExport } from './use-cases/plan-export';
import type { PlanRendering } from './use-cases/plan-rendering';

/** Bytes per streamed message: well under the 4 MiB gRPC cap, large enough to keep the message count low. */
const CHUNK_BYTES = 64 * 1024;
const DEFAULT_FILE_NAME = 'evaluation-plan.pdf';

/** gRPC mapping only: the rules live in the use-cases, which check typed options as the JSON they stand for (jsonOf). */
export function pdfHandlers(
  rendering: PlanRendering,
  delivery: PdfDelivery,
  exporting: PlanExport,
): ServiceImplementation<types.PdfServiceHandlers> {
  return {
    ExportPlan: async (request) => exporting.export(request.document, request.format, request.timeZone),
    RenderPlan: async (request, context) => {
      if (!request.document) throw new AppError('INVALID_INPUT', 'The request holds no plan document.');
      const { owner, id, document, recordedPdfUrl, withholdMail } = request;
      const options = jsonOf('PdfOptions', request.options);
      const { pdfUrl, email } = await rendering.render(
        { owner, id, document, options, recordedPdfUrl, ...(withholdMail ? { withholdMail } : {}) },
        context,
      );
      return { pdfUrl, ...(email ? { email } : {}) };
    },
    CheckRender: async (request, context) => {
      await rendering.check(jsonOf('PdfOptions', request.options), context);
      return {};
    },

    /** First message: size and validators; then the bytes, respecting the call's flow control. */
    ReadPdf: async (request, call) => {
      const stored = await delivery.read(request.key, request.pdfUrl);
      const body = stored.body;
      try {
        call.write({
          size: stored.size,
          fileName: DEFAULT_FILE_NAME,
          etag: `"${stored.size.toString(16)}-${stored.lastModified.getTime().toString(16)}"`,
          lastModified: stored.lastModified.toUTCString(),
          data: Buffer.alloc(0),
        });
        for await (const chunk of body as AsyncIterable<Buffer>) {
          for (let offset = 0; offset < chunk.length; offset += CHUNK_BYTES) {
            if (!(await writeMessage(call, { data: chunk.subarray(offset, offset + CHUNK_BYTES) }))) return;
          }
        }
      } finally {
        body.destroy();
      }
    },

    DeletePdfs: async (request, context) => ({ deleted: await delivery.deleteAll(request, context) }),

    ListPdfs: async (request) => ({ pdfs: await delivery.list(request) }),

    ListPdfFolders: async (request) => delivery.listFolders(request.owner, request.after, request.limit),

    DeletePdf: async (request) => {
      await delivery.deleteOne(request.pdfUrl);
      return {};
    },
  };
}
