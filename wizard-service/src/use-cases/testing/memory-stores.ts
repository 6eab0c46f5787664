import { isDeepStrictEqual } from 'node:util';
import type { Project, SavedWizard, Session, StoredWizard, WizardUpdate } from '../../domain/wizard-records';
import type { NewProject, PdfRecording, ProjectStore, SessionStore, WizardStorage, WizardStore, WizardStores } from '../ports';

/** Test support only (not built): the stores in memory, for use-case tests without a database. */

/** A clock the tests move: ISO timestamps from a millisecond counter. */
export class TestClock {
  constructor(public nowMs = Date.parse('2026-01-01T00:00:00.000Z')) {}

  iso(offsetMs = 0): string {
    return new Date(this.nowMs + offsetMs).toISOString();
  }

  /** Moves on by `ms` (1 by default), so every write gets a later time. */
  tick(ms = 1): string {
    this.nowMs += ms;
    return this.iso();
  }
}

/** The rows of one kind. Rows are replaced, never changed in place, so a snapshot is a copy of the map. */
abstract class MemoryWizardStore<Row extends StoredWizard> implements WizardStore<Row> {
  rows = new Map<string, Row>();

  constructor(protected readonly clock: TestClock) {}

  /** Whether the row still counts (a session's expiry). */
  protected abstract isLive(row: Row): boolean;
  protected abstract savedOf(row: Row): SavedWizard;
  protected abstract touched(row: Row): Row;

  async find(id: string): Promise<Row | undefined> {
    const row = this.rows.get(id);
    return row && this.isLive(row) ? row : undefined;
  }

  lock(id: string): Promise<Row | undefined> {
    // MemoryStorage runs one transaction at a time, which is what the row lock gives a wizard.
    return this.find(id);
  }

  async saveWizard(id: string, update: WizardUpdate): Promise<SavedWizard> {
    const row = this.rows.get(id);
    if (!row) throw new Error(`no row ${id} to save`);
    const saved = this.touched({ ...row, ...update, pdfUrl: null });
    this.rows.set(id, saved);
    return this.savedOf(saved);
  }

  async setPdfUrl(id: string, pdfUrl: string, renderedStepsJson: string): Promise<PdfRecording> {
    const row = await this.find(id);
    if (!row) return 'missing';
    // As jsonb equality: the same JSON value, whatever its key order or spacing.
    if (!isDeepStrictEqual(JSON.parse(row.stepsJson), JSON.parse(renderedStepsJson))) return 'stale';
    this.rows.set(id, { ...row, pdfUrl });
    return 'recorded';
  }

  async delete(id: string): Promise<void> {
    this.rows.delete(id);
  }
}

export class MemorySessionStore extends MemoryWizardStore<Session> implements SessionStore {
  /** When each session was last saved: a session row does not carry it, its save answer does. */
  private readonly updatedAt = new Map<string, string>();

  async create(id: string, ttlMs: number): Promise<Session> {
    const row: Session = {
      id,
      stepsJson: '{}',
      currentStep: 1,
      isComplete: false,
      pdfUrl: null,
      createdAt: this.clock.iso(),
      expiresAt: this.clock.iso(ttlMs),
    };
    this.rows.set(id, row);
    return row;
  }

  async purgeExpired(batchSize: number): Promise<string[]> {
    const expired = [...this.rows.values()].filter((row) => !this.isLive(row)).slice(0, batchSize);
    for (const row of expired) this.rows.delete(row.id);
    return expired.map((row) => row.id);
  }

  protected isLive(row: Session): boolean {
    return Date.parse(row.expiresAt) > this.clock.nowMs;
  }

  protected touched(row: Session): Session {
    this.updatedAt.set(row.id, this.clock.tick());
    return row;
  }

  protected savedOf(row: Session): SavedWizard {
    return { ...row, updatedAt: this.updatedAt.get(row.id) ?? row.createdAt };
  }
}

export class MemoryProjectStore extends MemoryWizardStore<Project> implements ProjectStore {
  async insert(project: NewProject): Promise<Project> {
    const now = this.clock.tick();
    const wizard = project.wizard ?? { stepsJson: '{}', currentStep: 1, isComplete: false, pdfUrl: null };
    const { id, ownerId, name, description } = project;
    const originSessionId = project.originSessionId ?? null;
    const row: Project = { id, ownerId, name, description, ...wizard, createdAt: now, updatedAt: now, originSessionId };
    this.rows.set(id, row);
    return row;
  }

  async listByOwner(ownerId: string, limit: number, offset: number): Promise<{ rows: Project[]; total: number }> {
    const owned = [...this.rows.values()]
      .filter((row) => row.ownerId === ownerId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    return { rows: owned.slice(offset, offset + limit), total: owned.length };
  }

  async update(id: string, fields: { name?: string; description?: string }): Promise<Project | undefined> {
    const row = this.rows.get(id);
    if (!row) return undefined;
    const updated = this.touched({ ...row, ...fields });
    this.rows.set(id, updated);
    return updated;
  }

  protected isLive(): boolean {
    return true;
  }

  protected touched(row: Project): Project {
    return { ...row, updatedAt: this.clock.tick() };
  }

  protected savedOf(row: Project): SavedWizard {
    return { ...row, expiresAt: null };
  }
}

/**
 * Both stores, with transactions that run one at a time and put the rows
 * back when they throw: what withTransaction and the row locks give.
 */
export class MemoryStorage implements WizardStorage {
  readonly clock: TestClock;
  readonly sessions: MemorySessionStore;
  readonly projects: MemoryProjectStore;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(clock = new TestClock()) {
    this.clock = clock;
    this.sessions = new MemorySessionStore(clock);
    this.projects = new MemoryProjectStore(clock);
  }

  inTransaction<T>(work: (stores: WizardStores) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const sessions = new Map(this.sessions.rows);
      const projects = new Map(this.projects.rows);
      try {
        return await work(this);
      } catch (error) {
        this.sessions.rows = sessions;
        this.projects.rows = projects;
        throw error;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
