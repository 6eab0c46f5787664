/**
 * The chart booted: its rendered Deployments and migration Job run as local processes on this machine's
 * PostgreSQL and Redis (local-node.ts says what stands in for a node, in one place), two pods of each
 * component, S3 (s3rver) under pdf-service so it may run two. The Job runs first and alone, as its
 * pre-install hook does; every pod is probed as the kubelet would; a client walks the wizard from a new
 * session to its PDF through the gateway's Service; then every pod is stopped as the kubelet stops it
 * and must be gone within its grace period. `npm run chart:boot` runs this file alone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import S3rver from 's3rver';
import YAML from 'yaml';
import { renderChart } from '../engine';
import { type KubeObject, type Rendered, hookPhases, ofKind, parseManifests } from '../checks/manifests';
import { adminQuery, redisDatabase, testEnv } from '../../../test/helpers/env';
import { pdfText } from '../../../test/helpers/pdf-text';
import { call } from '../../../test/helpers/stack';
import { WEB_CLIENT_STEPS } from '../../../test/fixtures/step-data';
import { type LocalPod, LocalNode } from './local-node';

const CHART = __dirname;
const COMPONENTS = ['gateway', 'auth-service', 'wizard-service', 'pdf-service', 'activity-service'];
const DATABASE = `evalplan_chart_boot_${process.pid}`;
const databaseUrl = (): string => {
  const url = new URL(testEnv.databaseUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

const scratch = mkdtempSync(path.join(os.tmpdir(), 'chart-boot-'));
let s3: S3rver;
let objects: Rendered[];
let node: LocalNode;
let deployments: KubeObject[];
let pods: LocalPod[] = [];
let gatewayUrl: () => string;

beforeAll(async () => {
  await adminQuery(`CREATE DATABASE ${DATABASE}`);
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(scratch, 's3'),
    configureBuckets: [{ name: 'evalplan-boot', configs: [] }],
  });
  const s3Address = (await s3.run()) as AddressInfo;
  const values = {
    secret: {
      values: {
        JWT_SECRET: 'boot-'.repeat(8),
        PASSWORD_HASH_KEY: 'hash-'.repeat(8),
        DATABASE_URL: databaseUrl(),
        REDIS_URL: redisDatabase(13),
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
      },
    },
    config: { S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`, S3_BUCKET: 'evalplan-boot', PUBLIC_BASE_URL: 'https://plans.example.org' },
    // Replicas as a scaled-out install runs them: two of everything, without an autoscaler to wait for.
    components: Object.fromEntries(COMPONENTS.map((name) => [name, { autoscaling: { enabled: false }, replicas: 2 }])),
  };
  const valuesFile = path.join(scratch, 'values.yaml');
  writeFileSync(valuesFile, YAML.stringify(values));
  const rendered = await renderChart(['evalplan', CHART, '--kube-version', '1.36.0', '-f', valuesFile]);
  if (rendered.code !== 0) throw new Error(rendered.stderr);
  objects = parseManifests(rendered.stdout);
  node = new LocalNode(objects, scratch);
  deployments = ofKind(objects, 'Deployment');
  gatewayUrl = () => node.serviceUrl('evalplan-gateway', 'http');
}, 120_000);

afterAll(async () => {
  node?.killAll();
  await Promise.all(node?.pods.map((pod) => pod.exited) ?? []);
  await s3?.close();
  await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  rmSync(scratch, { recursive: true, force: true });
});

it('runs the migration Job first, alone, to completion: the services it precedes do not migrate', async () => {
  const [job] = ofKind(objects, 'Job');
  expect(hookPhases(job!)).toEqual(['pre-install', 'pre-upgrade']);
  const [migrate] = node.run([{ owner: job!, replicas: 1 }]);
  // Done within the Job's activeDeadlineSeconds, or failed.
  let deadline: NodeJS.Timeout | undefined;
  const code = await Promise.race([
    migrate!.exited,
    new Promise((resolve) => (deadline = setTimeout(() => resolve('past activeDeadlineSeconds'), job!.spec.activeDeadlineSeconds * 1000))),
  ]);
  clearTimeout(deadline);
  expect({ code, output: code === 0 ? '' : migrate!.output() }).toEqual({ code: 0, output: '' });
  const client = new Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const tables = await client.query<{ count: string }>(
      `SELECT count(*) FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(Number(tables.rows[0]!.count)).toBeGreaterThan(5);
  } finally {
    await client.end();
  }
  for (const deployment of deployments.filter((candidate) => JSON.stringify(candidate).includes('DATABASE_URL'))) {
    expect(deployment.spec.template.spec.containers[0].env).toContainEqual({ name: 'RUN_MIGRATIONS', value: 'false' });
  }
}, 120_000);

it('starts every Deployment with its replicas, each pod passing its probes as the kubelet runs them', async () => {
  expect(Object.fromEntries(deployments.map((deployment) => [deployment.metadata.name, deployment.spec.replicas]))).toEqual(
    Object.fromEntries(COMPONENTS.map((name) => [`evalplan-${name}`, 2])),
  );
  pods = node.run(deployments.map((owner) => ({ owner, replicas: owner.spec.replicas })));
  expect(pods).toHaveLength(10);
  const readyAfter = await Promise.all(pods.map((pod) => node.waitReady(pod)));
  expect(readyAfter.every((ms) => ms < 120_000)).toBe(true);
  // Once ready, alive: the liveness probe passes on every pod (the gRPC ones ask for the "liveness" service).
  expect(await Promise.all(pods.map((pod) => node.probe(pod, 'livenessProbe')))).toEqual(pods.map(() => true));
  const grpcProbes = pods.filter((pod) => pod.container.livenessProbe.grpc).map((pod) => pod.container.livenessProbe.grpc.service);
  expect(new Set(grpcProbes)).toEqual(new Set(['liveness']));
  // Each process runs the component its pod is for, on the address and port its Service leads to.
  for (const pod of pods) expect(pod.env.COMPONENT).toBe(pod.owner.metadata.labels!['app.kubernetes.io/component']);
}, 240_000);

it("walks the wizard from a new session to its PDF through the gateway's Service", async () => {
  const created = await call(`${gatewayUrl()}/api/v1/sessions/create`, { method: 'POST' });
  expect(created.status).toBe(201);
  const session = `/api/v1/sessions/${created.json.sessionId}`;
  for (const step of ['1', '2', '3', '4'] as const) {
    const saved = await call(`${gatewayUrl()}${session}/wizard/step/${step}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stepData: WEB_CLIENT_STEPS[step] }),
    });
    expect([step, saved.status]).toEqual([step, 200]);
  }
  const read = await call(`${gatewayUrl()}${session}`);
  expect(read.json.wizardStatus).toMatchObject({ currentStep: 4, isComplete: true });
  const made = await call(`${gatewayUrl()}${session}/generate-pdf`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(made.status).toBe(200);
  expect(made.json.pdfUrl).toMatch(/^https:\/\/plans\.example\.org\/files\/pdfs\/sessions\//);
  // Both gateway pods hand out the same stored file (S3): the download goes to each in turn.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const response = await fetch(`${gatewayUrl()}${new URL(made.json.pdfUrl).pathname}`);
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf)).toMatch(/evaluation/i);
  }
}, 120_000);

it('stops every pod as the kubelet does (preStop, then SIGTERM), each exiting 0 within its grace period', async () => {
  expect(pods).toHaveLength(10);
  const stops = await Promise.all(pods.map((pod) => node.terminate(pod)));
  stops.forEach((stop, index) => {
    const pod = pods[index]!;
    const grace = pod.owner.spec.template.spec.terminationGracePeriodSeconds * 1000;
    expect([pod.name, stop.code, stop.ms < grace]).toEqual([pod.name, 0, true]);
  });
}, 120_000);
