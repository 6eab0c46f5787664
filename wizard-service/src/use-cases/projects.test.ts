import { randomUUID } from 'node:crypto';
import type { RequestContext } from '@evalplan/common/grpc';
import { type PdfFiles, ProjectUseCases } from './projects';
import { MemoryStorage } from './testing/memory-stores';

const OWNER = randomUUID();
const context = {} as RequestContext;

/** The PdfFiles port, remembering what it was asked to delete. */
class FakePdfFiles implements PdfFiles {
  deleted: Array<{ projectId: string; pdfUrl: string }> = [];
  failWith: Error | undefined;

  async deleteProjectFiles(projectId: string, pdfUrl: string): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.deleted.push({ projectId, pdfUrl });
  }
}

function setup() {
  const storage = new MemoryStorage();
  const files = new FakePdfFiles();
  return { storage, files, projects: new ProjectUseCases(storage, files) };
}

const create = (projects: ProjectUseCases, name = 'Study', owner = OWNER) => projects.create(owner, JSON.stringify({ name }));

describe('ProjectUseCases', () => {
  it('creates a project with a fresh wizard, after checking the caller and the body', async () => {
    const { projects } = setup();
    const project = await create(projects);
    expect(project).toMatchObject({ ownerId: OWNER, name: 'Study', description: '', stepsJson: '{}', currentStep: 1, isComplete: false });
    await expect(projects.create('', '{')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(projects.create(OWNER, JSON.stringify({ name: ' ' }))).rejects.toMatchObject({ code: 'INVALID_PROJECT_NAME' });
  });

  it("lists the owner's projects newest first, a page at a time, with the total", async () => {
    const { projects } = setup();
    for (const name of ['a', 'b', 'c']) await create(projects, name);
    await create(projects, 'other', randomUUID());
    const first = await projects.list(OWNER, '2', '');
    expect(first).toMatchObject({ limit: 2, offset: 0, total: 3, hasMore: true });
    expect(first.projects.map((p) => p.name)).toEqual(['c', 'b']);
    const last = await projects.list(OWNER, '2', '2');
    expect(last).toMatchObject({ total: 3, hasMore: false });
    expect(last.projects.map((p) => p.name)).toEqual(['a']);
    await expect(projects.list(OWNER, '0', '9')).resolves.toMatchObject({ projects: [], total: 3, hasMore: false });
    await expect(projects.list(OWNER, '', '')).resolves.toMatchObject({ limit: 50 });
    await expect(projects.list(OWNER, '-1', '')).rejects.toMatchObject({ code: 'INVALID_PAGINATION' });
    await expect(projects.list('', '', '')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('lets only the owner read it: 404 when missing, 403 when not theirs', async () => {
    const { projects } = setup();
    const project = await create(projects);
    await expect(projects.get(project.id, OWNER.toUpperCase())).resolves.toEqual(project);
    await expect(projects.get(project.id, randomUUID())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(projects.get(randomUUID(), OWNER)).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    await expect(projects.get('x', OWNER)).rejects.toMatchObject({ code: 'INVALID_PROJECT_ID' });
    await expect(projects.get('x', '')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('renames without touching the wizard; the body is checked before the project is looked up', async () => {
    const { projects } = setup();
    const project = await create(projects);
    const renamed = await projects.update(project.id, OWNER, JSON.stringify({ name: 'New' }));
    expect(renamed).toMatchObject({ name: 'New', description: '', stepsJson: '{}' });
    expect(renamed.updatedAt > project.updatedAt).toBe(true);
    await expect(projects.update(randomUUID(), OWNER, '{}')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(projects.update(project.id, randomUUID(), JSON.stringify({ name: 'X' }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('deletes the files first, then the project; a failure to delete the files keeps the project', async () => {
    const { storage, files, projects } = setup();
    const project = await create(projects);
    storage.projects.rows.set(project.id, { ...project, pdfUrl: '/p.pdf' });
    files.failWith = new Error('pdf-service is down');
    await expect(projects.delete(project.id, OWNER, context)).rejects.toThrow('pdf-service is down');
    expect(storage.projects.rows.has(project.id)).toBe(true);
    files.failWith = undefined;
    await projects.delete(project.id, OWNER, context);
    expect(files.deleted).toEqual([{ projectId: project.id, pdfUrl: '/p.pdf' }]);
    expect(storage.projects.rows.has(project.id)).toBe(false);
  });

  it("never deletes someone else's project or its files", async () => {
    const { storage, files, projects } = setup();
    const project = await create(projects);
    await expect(projects.delete(project.id, randomUUID(), context)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(files.deleted).toEqual([]);
    expect(storage.projects.rows.has(project.id)).toBe(true);
  });
});
