import { randomUUID } from 'node:crypto';
import { AppError } from '@evalplan/common/errors';
import type { RequestContext } from '@evalplan/common/grpc';
import { createLogger } from '@evalplan/common/logging';
import { ProjectUseCases } from './projects';
import { MemoryPdfFiles } from './testing/memory-pdf-files';
import { MemoryStorage } from './testing/memory-stores';

const OWNER = randomUUID();
const context = {} as RequestContext;

function setup() {
  const storage = new MemoryStorage();
  const files = new MemoryPdfFiles();
  return { storage, files, projects: new ProjectUseCases(storage, files, createLogger({ name: 'test', level: 'silent' })) };
}

const create = (projects: ProjectUseCases, name = 'Study', owner = OWNER) => projects.create(owner, { name });

describe('ProjectUseCases', () => {
  it('creates a project with a fresh wizard, after checking the caller and the body', async () => {
    const { projects } = setup();
    const project = await create(projects);
    expect(project).toMatchObject({ ownerId: OWNER, name: 'Study', description: '', stepsJson: '{}', currentStep: 1, isComplete: false });
    await expect(projects.create('', '{')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(projects.create(OWNER, { name: ' ' })).rejects.toMatchObject({ code: 'INVALID_PROJECT_NAME' });
  });

  it("lists the owner's projects newest first, a page at a time, with the total", async () => {
    const { projects } = setup();
    for (const name of ['a', 'b', 'c']) await create(projects, name);
    await create(projects, 'other', randomUUID());
    const first = await projects.list(OWNER, 2, undefined);
    expect(first).toMatchObject({ limit: 2, offset: 0, total: 3, hasMore: true });
    expect(first.projects.map((p) => p.name)).toEqual(['c', 'b']);
    const last = await projects.list(OWNER, 2, 2);
    expect(last).toMatchObject({ total: 3, hasMore: false });
    expect(last.projects.map((p) => p.name)).toEqual(['a']);
    await expect(projects.list(OWNER, 0, 9)).resolves.toMatchObject({ projects: [], total: 3, hasMore: false });
    await expect(projects.list(OWNER, undefined, undefined)).resolves.toMatchObject({ limit: 50 });
    await expect(projects.list(OWNER, -1, undefined)).rejects.toMatchObject({ code: 'INVALID_PAGINATION' });
    await expect(projects.list('', undefined, undefined)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
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
    const renamed = await projects.update(project.id, OWNER, { name: 'New' });
    expect(renamed).toMatchObject({ name: 'New', description: '', stepsJson: '{}' });
    expect(renamed.updatedAt > project.updatedAt).toBe(true);
    await expect(projects.update(randomUUID(), OWNER, '{}')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(projects.update(project.id, randomUUID(), { name: 'X' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('deletes the files first, then the project; a failure to delete the files keeps the project', async () => {
    const { storage, files, projects } = setup();
    const project = await create(projects);
    files.add('projects', project.id);
    files.failWith = new AppError('SERVICE_UNAVAILABLE');
    await expect(projects.delete(project.id, OWNER, context)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(storage.projects.rows.has(project.id)).toBe(true);
    expect(files.filesOf('projects', project.id)).toHaveLength(1);
    files.failWith = undefined;
    await projects.delete(project.id, OWNER, context);
    expect(files.filesOf('projects', project.id)).toEqual([]);
    expect(storage.projects.rows.has(project.id)).toBe(false);
  });

  it('deletes the files of the session it was converted from, whatever PDF it points at now', async () => {
    const { storage, files, projects } = setup();
    const origin = randomUUID();
    const project = await storage.projects.insert({
      id: randomUUID(),
      ownerId: OWNER,
      name: 'Converted',
      description: '',
      originSessionId: origin,
      wizard: { stepsJson: '{}', currentStep: 1, isComplete: false, pdfUrl: `/files/pdfs/projects/x/1.pdf` },
    });
    files.add('sessions', origin);
    files.add('projects', project.id);
    await projects.delete(project.id, OWNER, context);
    expect(files.folders.size).toBe(0);
  });

  it('deletes a file stored and recorded while the project was being deleted', async () => {
    const { storage, files, projects } = setup();
    const project = await create(projects);
    // A generation in flight: its file is stored and recorded after the first pass over the files, before the row goes.
    const deleteRow = storage.projects.delete.bind(storage.projects);
    storage.projects.delete = async (id) => {
      files.add('projects', id);
      await storage.projects.setPdfUrl(id, `/files/pdfs/projects/${id}/1.pdf`, '{}');
      await deleteRow(id);
    };
    await projects.delete(project.id, OWNER, context);
    expect(files.filesOf('projects', project.id)).toEqual([]);
  });

  it("lists the kept PDFs newest first, its origin session's among them; owner only", async () => {
    const { storage, files, projects } = setup();
    const origin = randomUUID();
    const project = await storage.projects.insert({
      id: randomUUID(),
      ownerId: OWNER,
      name: 'P',
      description: '',
      originSessionId: origin,
    });
    files.add('sessions', origin, 1_000);
    files.add('projects', project.id, 3_000);
    files.add('projects', project.id, 2_000);
    files.add('projects', randomUUID(), 4_000);
    const listed = await projects.pdfHistory(project.id, OWNER, context);
    expect(listed.map((pdf) => pdf.createdAt)).toEqual([3_000, 2_000, 1_000].map((ms) => new Date(ms).toISOString()));
    expect(listed[2]?.pdfUrl).toContain(`/sessions/${origin}/`);
    await expect(projects.pdfHistory(project.id, randomUUID(), context)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(projects.pdfHistory(randomUUID(), OWNER, context)).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    await expect(projects.pdfHistory('x', OWNER, context)).rejects.toMatchObject({ code: 'INVALID_PROJECT_ID' });
  });

  it("never deletes someone else's project or its files", async () => {
    const { storage, files, projects } = setup();
    const project = await create(projects);
    files.add('projects', project.id);
    await expect(projects.delete(project.id, randomUUID(), context)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(files.deletions).toEqual([]);
    expect(storage.projects.rows.has(project.id)).toBe(true);
  });
});
