import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { pdfText } from './helpers/pdf-text';
import { ROOT } from './helpers/process';
import { startTestStack, type TestStack } from './helpers/stack';

/**
 * Another team's service calling ours over gRPC, with nothing but the .proto
 * files, @grpc/grpc-js and @grpc/proto-loader: docs/grpc.md's example walks
 * the whole wizard, from a new session to the plan's PDF, and the typed
 * messages of a direct caller meet the same rules as the HTTP API's JSON.
 */

const run = promisify(execFile);
const EXAMPLE = path.join(ROOT, 'docs', 'examples', 'grpc-wizard.js');

let stack: TestStack;
let folder: string;

beforeAll(async () => {
  stack = await startTestStack();
  folder = await mkdtemp(path.join(os.tmpdir(), 'evalplan-grpc-caller-'));
});
afterAll(async () => {
  await stack?.stop();
  await rm(folder, { recursive: true, force: true });
});

it('uses nothing but grpc-js, proto-loader and Node itself', async () => {
  const source = await readFile(EXAMPLE, 'utf8');
  const required = [...source.matchAll(/require\('([^']+)'\)/g)].map((match) => match[1]);
  expect(new Set(required)).toEqual(new Set(['node:buffer', 'node:fs', 'node:path', 'node:crypto', '@grpc/grpc-js', '@grpc/proto-loader']));
});

it('walks the wizard from session to PDF, as docs/grpc.md shows', async () => {
  const out = path.join(folder, 'plan.pdf');
  const { stdout } = await run(
    process.execPath,
    [EXAMPLE, `127.0.0.1:${stack.services.wizard.port}`, `127.0.0.1:${stack.services.pdf.port}`, out],
    { timeout: 90_000 },
  );
  const result = JSON.parse(stdout) as Record<string, unknown>;
  expect(result).toMatchObject({ isComplete: true, savedSteps: ['step1', 'step2', 'step3', 'step4'] });
  expect(result.recommendations).toEqual(expect.arrayContaining([expect.any(String)]));
  expect(result.pdfBytes).toBe(result.pdfSize);

  const pdf = await readFile(out);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(pdf);
  expect(text).toContain('Team spirit');
  expect(text).toContain('Pilot with five students');

  // What the gRPC caller saved is what a web client reads over HTTP.
  const session = (await (await fetch(`${stack.url}/api/v1/sessions/${String(result.sessionId)}`)).json()) as {
    wizardStatus: { steps: Record<string, Record<string, unknown>> };
  };
  expect(session.wizardStatus.steps['2']).toEqual({ selectedMethods: ['Think-aloud testing', 'Surveys & Questionnaires'] });
  expect(session.wizardStatus.steps['3']!.customConstructs).toEqual([
    { name: 'Team spirit', description: 'How much players help each other', goals: ['Social relatedness'] },
  ]);
}, 120_000);

describe('a direct caller meets the HTTP API’s rules, codes and fields', () => {
  const definition = protoLoader.loadSync('evalplan/v2/wizard.proto', {
    includeDirs: [path.join(ROOT, 'protos', 'proto')],
    keepCase: false,
    longs: Number,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  const { evalplan } = grpc.loadPackageDefinition(definition) as unknown as {
    evalplan: { v2: { WizardService: grpc.ServiceClientConstructor } };
  };
  let client: grpc.Client & Record<string, (...args: unknown[]) => unknown>;
  beforeAll(() => {
    client = new evalplan.v2.WizardService(`127.0.0.1:${stack.services.wizard.port}`, grpc.credentials.createInsecure()) as typeof client;
  });
  afterAll(() => client?.close());

  function unary(method: string, request: object): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) =>
      client[method]!(request, (error: grpc.ServiceError | null, response: Record<string, unknown>) =>
        error ? reject(error) : resolve(response),
      ),
    );
  }

  async function refusal(
    method: string,
    request: object,
  ): Promise<{ status: grpc.status; code: unknown; field: unknown; message: string }> {
    const error = (await unary(method, request).then(
      () => {
        throw new Error(`${method} was accepted`);
      },
      (failure: grpc.ServiceError) => failure,
    )) as grpc.ServiceError;
    const details = error.metadata.get('x-error-details-bin')[0] as Buffer | undefined;
    return {
      status: error.code,
      code: error.metadata.get('x-error-code')[0],
      field: details ? (JSON.parse(details.toString('utf8')) as { field?: unknown }).field : undefined,
      message: error.details,
    };
  }

  it('refuses a step number out of range and step data missing a required field', async () => {
    const { sessionId } = await unary('CreateSession', {});
    expect(await refusal('SaveStep', { wizard: { sessionId }, stepNumber: 7, methods: { selectedMethods: ['x'] } })).toEqual({
      status: grpc.status.INVALID_ARGUMENT,
      code: 'INVALID_STEP_NUMBER',
      field: 'stepNumber',
      message: 'The step number must be 1, 2, 3 or 4.',
    });
    expect(
      await refusal('SaveStep', { wizard: { sessionId }, stepNumber: 1, goalsAndContext: { participants: 'students' } }),
    ).toMatchObject({
      code: 'INVALID_STEP_DATA',
      field: 'evaluationGoals',
      message: 'The step data needs evaluationGoals.',
    });
    // The member of another step is checked against step 1's rules.
    expect(await refusal('SaveStep', { wizard: { sessionId }, stepNumber: 1, methods: { selectedMethods: ['x'] } })).toMatchObject({
      code: 'INVALID_STEP_DATA',
    });
  });

  it('refuses pagination out of range, and a project name of spaces', async () => {
    const userId = '0190a8c4-7f6e-7b2a-9c3d-4e5f6a7b8c9d';
    expect(await refusal('ListProjects', { userId, limit: -1 })).toMatchObject({ code: 'INVALID_PAGINATION', field: 'limit' });
    expect(await refusal('ListProjects', { userId, offset: 1_000_000_001 })).toMatchObject({ code: 'INVALID_PAGINATION', field: 'offset' });
    expect(await unary('ListProjects', { userId, limit: 500 })).toMatchObject({ limit: 100, offset: 0, total: 0 });
    expect(await refusal('CreateProject', { userId, fields: { name: '   ' } })).toMatchObject({
      code: 'INVALID_PROJECT_NAME',
      field: 'name',
    });
    expect(await refusal('CreateProject', { userId, fields: {} })).toMatchObject({ code: 'INVALID_INPUT', field: 'name' });
  });

  it('answers recommendations as typed items with what they matched on', async () => {
    const { sessionId } = await unary('CreateSession', {});
    await unary('SaveStep', {
      wizard: { sessionId },
      stepNumber: 1,
      goalsAndContext: { evaluationGoals: ['Usability & Efficiency'], participants: '10-30', developmentStage: 'High-fidelity prototype' },
    });
    const answer = (await unary('GetRecommendations', { wizard: { sessionId }, query: { forStep: 2 } })) as {
      forStep: number;
      recommendations: Array<{ id: string; matchedOn: Array<{ kind: string; value: string }> }>;
    };
    expect(answer.forStep).toBe(2);
    expect(answer.recommendations.length).toBeGreaterThan(0);
    expect(answer.recommendations.flatMap((item) => item.matchedOn)).toContainEqual({ kind: 'goal', value: 'Usability & Efficiency' });
    expect(await refusal('GetRecommendations', { wizard: { sessionId }, query: { forStep: 1 } })).toMatchObject({
      code: 'INVALID_RECOMMENDATION_STEP',
      field: 'forStep',
    });
  });
});
