import { randomUUID } from 'node:crypto';
import { AppError } from '@evalplan/common/errors';
import type { RequestContext } from '@evalplan/common/grpc';
import { createLogger, type Logger } from '@evalplan/common/logging';
import type { ExportCursor, OwnedProject, OwnerProjectStore } from './ports';
import type { Project } from '../domain/wizard-records';
import { OwnerData } from './owner-data';
import { MemoryPdfFiles } from './testing/memory-pdf-files';

const OWNER = randomUUID();
const context = { requestId: 'test' } as RequestContext;

/** One owner's projects as account deletion reads them; `beforeDelete` runs just before the rows go. */
class MemoryOwnedProjects implements OwnerProjectStore {
  projects: OwnedProject[] = [];
  beforeDelete: () => void = () => undefined;

  async exportPage(): Promise<{ rows: Project[]; next?: ExportCursor }> {
    return { rows: [] };
  }

  async owned(): Promise<OwnedProject[]> {
    return [...this.projects];
  }

  async deleteOwned(): Promise<OwnedProject[]> {
    this.beforeDelete();
    const deleted = this.projects;
    this.projects = [];
    return deleted;
  }
}

function setup() {
  const store = new MemoryOwnedProjects();
  const files = new MemoryPdfFiles();
  const warnings: string[] = [];
  const logger = createLogger({ name: 'test', level: 'silent' });
  logger.warn = ((_fields: unknown, message: string) => void warnings.push(message)) as Logger['warn'];
  return { store, files, warnings, ownerData: new OwnerData(store, files, logger) };
}

describe('deleting an account’s projects', () => {
  it('deletes the files of every deleted project again after the rows, also when its pdf_url did not change', async () => {
    const { store, files, ownerData } = setup();
    const [recorded, unrecorded] = [randomUUID(), randomUUID()];
    store.projects = [
      { id: recorded, pdfUrl: null, originSessionId: null },
      { id: unrecorded, pdfUrl: null, originSessionId: null },
    ];
    store.beforeDelete = () => {
      // Generations that stored files after the first pass: one recorded its URL, one was not recorded (a step save).
      files.add('projects', recorded);
      files.add('projects', unrecorded);
      store.projects[0] = { ...store.projects[0]!, pdfUrl: `https://x.example/files/pdfs/projects/${recorded}/1.pdf` };
    };
    expect(await ownerData.delete(OWNER, context)).toBe(2);
    expect(files.folders.size).toBe(0);
  });

  it('logs, and does not fail, when the second pass cannot delete the files: the orphan sweep will', async () => {
    const { store, files, warnings, ownerData } = setup();
    store.projects = [{ id: randomUUID(), pdfUrl: null, originSessionId: null }];
    store.beforeDelete = () => {
      files.failWith = new AppError('SERVICE_UNAVAILABLE');
    };
    expect(await ownerData.delete(OWNER, context)).toBe(1);
    expect(warnings).toEqual(['files of deleted projects were left in storage for the PDF orphan sweep']);
  });
});
