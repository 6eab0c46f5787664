import path from 'node:path';
import { isDependencyFailure } from '@evalplan/common/dependencies';
import { IncidentLog, type Logger } from '@evalplan/common/logging';
import type { PdfConfig } from '../config';
import { LocalPdfStore } from './local-store';
import type { PdfStore } from './pdf-store';
import { S3PdfStore } from './s3-store';

/** S3 (MinIO) when S3_* is configured, otherwise a directory under DATA_DIR (docs/decisions.md, decision 2). */
export function createPdfStore(config: Pick<PdfConfig, 's3' | 'dataDir' | 'incidentSummaryIntervalMs'>, logger: Logger): PdfStore {
  if (config.s3) return withOutageLog(new S3PdfStore(config.s3), logger, config.incidentSummaryIntervalMs);
  return new LocalPdfStore(path.join(config.dataDir, 'files'));
}

/**
 * Object storage that cannot be reached fails the requests that need it
 * (503, via bindService) and is logged as one outage: a line when it starts,
 * summaries while it lasts, a line when an operation works again.
 */
function withOutageLog(store: PdfStore, logger: Logger, summaryIntervalMs: number): PdfStore {
  const outage = new IncidentLog({
    logger,
    fields: { dependency: 'storage' },
    countField: 'failed_operations',
    messages: {
      started: 'object storage unreachable',
      ongoing: 'object storage still unreachable',
      ended: 'object storage reachable again',
    },
    summaryIntervalMs,
  });
  const observed = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      const result = await operation();
      if (outage.open) outage.end();
      return result;
    } catch (error) {
      if (isDependencyFailure(error)) outage.add(1, { error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };
  return {
    kind: store.kind,
    put: (key, pdf) => observed(() => store.put(key, pdf)),
    get: (key) => observed(() => store.get(key)),
    delete: (key) => observed(() => store.delete(key)),
    deleteKeys: (keys) => observed(() => store.deleteKeys(keys)),
    deletePrefix: (prefix) => observed(() => store.deletePrefix(prefix)),
    list: (prefix) => observed(() => store.list(prefix)),
    listFolders: (prefix, after, limit) => observed(() => store.listFolders(prefix, after, limit)),
  };
}
