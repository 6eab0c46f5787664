import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import * as protobuf from 'protobufjs';
import descriptor from 'protobufjs/ext/descriptor';
import { startTestStack, type TestStack } from './helpers/stack';

/**
 * gRPC server reflection, as grpcurl, Postman, Evans or grpcui use it: with
 * nothing but a service's port, a caller lists the services, fetches their
 * .proto descriptors, builds the messages from them and makes a call.
 * Both reflection versions tools speak (v1 and the older v1alpha) answer on
 * every service port, in this run's mode.
 */

const REFLECTION_PROTOS = path.join(path.dirname(require.resolve('@grpc/reflection/package.json')), 'build', 'proto');
const VERSIONS = ['v1', 'v1alpha'] as const;
const SERVICES = {
  auth: 'AuthService',
  wizard: 'WizardService',
  pdf: 'PdfService',
  activity: 'ActivityService',
} as const;

interface ReflectionResponse {
  listServicesResponse?: { service: Array<{ name: string }> };
  fileDescriptorResponse?: { fileDescriptorProto: Buffer[] };
  errorResponse?: { errorCode: number; errorMessage: string };
}

type ReflectionClient = grpc.Client & {
  ServerReflectionInfo(): grpc.ClientDuplexStream<Record<string, unknown>, ReflectionResponse>;
};

function reflectionClient(version: (typeof VERSIONS)[number], port: number): ReflectionClient {
  const definition = protoLoader.loadSync(`grpc/reflection/${version}/reflection.proto`, {
    includeDirs: [REFLECTION_PROTOS],
    longs: Number,
    defaults: true,
    oneofs: true,
  });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    grpc: { reflection: Record<string, { ServerReflection: grpc.ServiceClientConstructor }> };
  };
  const Client = loaded.grpc.reflection[version]!.ServerReflection;
  return new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure()) as unknown as ReflectionClient;
}

/** Sends each request on one reflection stream and collects the answers, in order. */
async function ask(client: ReflectionClient, requests: Array<Record<string, unknown>>): Promise<ReflectionResponse[]> {
  const stream = client.ServerReflectionInfo();
  const answers: ReflectionResponse[] = [];
  const done = new Promise<ReflectionResponse[]>((resolve, reject) => {
    stream.on('data', (answer: ReflectionResponse) => answers.push(answer));
    stream.on('error', reject);
    stream.on('end', () => resolve(answers));
  });
  for (const request of requests) stream.write(request);
  stream.end();
  return done;
}

/** The .proto files describing a symbol and everything it imports, as protobufjs types. */
async function rootFor(client: ReflectionClient, symbol: string): Promise<protobuf.Root> {
  const [answer] = await ask(client, [{ fileContainingSymbol: symbol }]);
  const files = answer!.fileDescriptorResponse!.fileDescriptorProto.map((bytes) => descriptor.FileDescriptorProto.decode(bytes));
  const set = descriptor.FileDescriptorSet.fromObject({ file: files.map((file) => descriptor.FileDescriptorProto.toObject(file)) });
  return (protobuf.Root as unknown as { fromDescriptor(set: unknown): protobuf.Root }).fromDescriptor(set);
}

/** A unary call made with nothing but the types reflection described. */
function callByReflection(
  port: number,
  root: protobuf.Root,
  method: string,
  request: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const [service, name] = [method.slice(0, method.lastIndexOf('.')), method.slice(method.lastIndexOf('.') + 1)];
  const rpc = root.lookupService(service).methods[name]!;
  const requestType = root.lookupType(rpc.requestType);
  const responseType = root.lookupType(rpc.responseType);
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(
      `/${service}/${name}`,
      (value: Record<string, unknown>) => Buffer.from(requestType.encode(requestType.fromObject(value)).finish()),
      (bytes: Buffer) => responseType.toObject(responseType.decode(bytes), { defaults: true, enums: String }),
      request,
      (error, response) => {
        client.close();
        if (error) reject(error);
        else resolve(response!);
      },
    );
  });
}

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

describe.each(VERSIONS)('grpc.reflection.%s', (version) => {
  it.each(Object.entries(SERVICES))(
    'lists %s-service and the health service on its port, and describes every method',
    async (key, service) => {
      const port = stack.services[key as keyof typeof SERVICES].port;
      const client = reflectionClient(version, port);
      try {
        const [listed] = await ask(client, [{ listServices: '' }]);
        const names = listed!.listServicesResponse!.service.map((entry) => entry.name);
        const ours = names.find((name) => name.endsWith(`.${service}`));
        expect(ours).toMatch(new RegExp(`^evalplan\\.v\\d+\\.${service}$`));
        expect(names).toContain('grpc.health.v1.Health');

        const root = await rootFor(client, ours!);
        const described = root.lookupService(ours!);
        expect(Object.keys(described.methods).length).toBeGreaterThan(0);
        // Every request and response type resolves from the descriptors alone.
        for (const method of Object.values(described.methods)) {
          expect(root.lookupType(method.requestType).fullName).toBeTruthy();
          expect(root.lookupType(method.responseType).fullName).toBeTruthy();
        }

        const [unknown] = await ask(client, [{ fileContainingSymbol: 'no.such.Service' }]);
        expect(unknown!.errorResponse?.errorCode).toBe(grpc.status.NOT_FOUND);
      } finally {
        client.close();
      }
    },
  );
});

it('lets a caller with only the port check health and read the catalog, from reflected types', async () => {
  const port = stack.services.wizard.port;
  const client = reflectionClient('v1', port);
  try {
    const healthRoot = await rootFor(client, 'grpc.health.v1.Health');
    expect(await callByReflection(port, healthRoot, 'grpc.health.v1.Health.Check', { service: '' })).toEqual({ status: 'SERVING' });

    const [listed] = await ask(client, [{ listServices: '' }]);
    const wizard = listed!.listServicesResponse!.service.map((entry) => entry.name).find((name) => name.endsWith('.WizardService'))!;
    const root = await rootFor(client, wizard);
    const catalog = await callByReflection(port, root, `${wizard}.GetCatalog`, {});
    expect(JSON.stringify(catalog)).toContain('SUS');
  } finally {
    client.close();
  }
});
