import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { WizardConfig } from '../config';
import { pdfOrphanSweepTask } from './housekeeping';
import { PdfOrphanSweep } from './pdf-orphan-sweep';
import { MemoryPdfFiles } from './testing/memory-pdf-files';

const DAY = 86_400_000;

describe('the orphan PDF sweep task', () => {
  it('stops at the end of the page in hand when the service shuts down, and the next run finishes the job', async () => {
    const files = new MemoryPdfFiles();
    // 1,200 orphan folders: three pages of 500, 500 and 200.
    for (let i = 0; i < 1_200; i++) files.add('projects', randomUUID(), Date.now() - 2 * DAY);
    const noRows = { existing: async () => new Set<string>() };
    const leases = { claim: async () => ({ renew: async () => true }) };
    const sweep = new PdfOrphanSweep(noRows, leases, files, { graceMs: DAY, leaseMs: 3_600_000 });
    const config = { pdfOrphanSweepIntervalMs: 3_600_000 } as WizardConfig;
    const lines: Array<{ msg: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as { msg: string }) });

    const task = pdfOrphanSweepTask(sweep, config, logger);
    let stopping: Promise<void> | undefined;
    const deleteFolder = files.deleteFolder.bind(files);
    // Shutdown begins while the first page is being deleted.
    files.deleteFolder = (...args) => {
      stopping ??= task.stop();
      return deleteFolder(...args);
    };
    await task.runOnce();
    await stopping;
    expect(files.folders.size).toBe(700);
    expect(lines.map((line) => line.msg)).toContain('orphan PDF sweep stopped for shutdown; the next run starts over');

    files.deleteFolder = deleteFolder;
    await pdfOrphanSweepTask(sweep, config, logger).runOnce();
    expect(files.folders.size).toBe(0);
  });
});
