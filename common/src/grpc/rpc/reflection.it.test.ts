import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { loadProtos } from '@evalplan/protos';
import { createLogger } from '../../logging/logger';
import { GrpcServer } from './server';

/**
 * Reflection's one bidirectional stream on our lean HTTP/2 server: requests
 * are answered as they arrive on an open stream, and each streamed message
 * is held to the server's request size limit like a unary request.
 */
const logger = createLogger({ name: 'test', level: 'silent' });
const protos = loadProtos();
const REFLECTION_PROTOS = path.join(path.dirname(require.resolve('@grpc/reflection/package.json')), 'build', 'proto');
const definition = protoLoader.loadSync('grpc/reflection/v1/reflection.proto', { includeDirs: [REFLECTION_PROTOS], oneofs: true });
const Reflection = (grpc.loadPackageDefinition(definition) as any).grpc.reflection.v1.ServerReflection as grpc.ServiceClientConstructor; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: GrpcServer;
interface ListAnswer {
  listServicesResponse?: { service: Array<{ name: string }> };
}
let client: grpc.Client & { ServerReflectionInfo(): grpc.ClientDuplexStream<object, ListAnswer> };

beforeAll(async () => {
  server = new GrpcServer({ name: 'test', address: '127.0.0.1:0', logger, maxMessageBytes: 1024 });
  const port = await server.start();
  const service = protos.auth.AuthService;
  server.serve([{ name: 'evalplan.v2.AuthService', definition: service, implementation: {} }], true);
  client = new Reflection(`127.0.0.1:${port}`, grpc.credentials.createInsecure()) as unknown as typeof client;
});
afterAll(async () => {
  client.close();
  await server.stop(100);
});

it('answers each request on an open stream before the caller ends it', async () => {
  const stream = client.ServerReflectionInfo();
  const answers: string[][] = [];
  for (let round = 0; round < 3; round += 1) {
    const answered = new Promise<string[]>((resolve) =>
      stream.once('data', (answer: ListAnswer) => resolve(answer.listServicesResponse!.service.map((entry) => entry.name))),
    );
    stream.write({ listServices: '' });
    answers.push(await answered);
  }
  stream.end();
  expect(answers).toEqual(Array(3).fill(['grpc.health.v1.Health', 'evalplan.v2.AuthService']));
});

it('refuses a streamed message larger than the request limit with RESOURCE_EXHAUSTED', async () => {
  const stream = client.ServerReflectionInfo();
  const failed = new Promise<grpc.ServiceError>((resolve) => stream.on('error', resolve));
  stream.on('data', () => undefined);
  stream.write({ host: 'x'.repeat(2048), listServices: '' });
  expect((await failed).code).toBe(grpc.status.RESOURCE_EXHAUSTED);
});
