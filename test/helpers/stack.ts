import { Writable } from 'node:stream';
import { createLogger, type Logger } from '@evalplan/common/logging';
import { loadStackConfig, type Stack, startStack } from '@evalplan/stack';
import { baseEnv } from './env';
import { registerGateway } from './openapi-hooks';

export interface LogLine {
  level: string;
  service: string;
  msg: string;
  request_id?: string;
  [key: string]: unknown;
}

export interface TestStack extends Stack {
  url: string;
  /** Every log line the stack wrote, parsed (only with captureLogs). */
  logs: LogLine[];
}

/**
 * Starts the whole stack in-process on ephemeral ports, in this run's mode.
 * With captureLogs, every component logs at debug level into `logs`.
 */
export async function startTestStack(
  env: Record<string, string | undefined> = {},
  options: { captureLogs?: boolean } = {},
): Promise<TestStack> {
  const config = loadStackConfig(await baseEnv(env));
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const loggerFor = (name: string): Logger =>
    options.captureLogs ? createLogger({ name, level: 'debug', destination: sink }) : createLogger({ name, level: 'silent' });
  const stack = await startStack(config, { loggerFor });
  const url = `http://127.0.0.1:${stack.port}`;
  registerGateway(url);
  return Object.assign(stack, { url, logs });
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** fetch with the body read and parsed, for terse assertions. */
export async function call(url: string, init: RequestInit = {}): Promise<JsonResponse> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** fetch with the body read as bytes: downloads (PDF, DOCX). */
export async function fetchBytes(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** Asserts the contract's error envelope and returns it. */
export function expectEnvelope(
  response: JsonResponse,
  status: number,
  code: string,
): { code: string; message: string; details: Record<string, unknown> } {
  expect({ status: response.status, code: response.json?.error?.code }).toEqual({ status, code });
  expect(typeof response.json.error.message).toBe('string');
  expect(response.json.error.message.length).toBeGreaterThan(0);
  expect(response.json.error.details).toEqual(expect.any(Object));
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return response.json.error;
}
