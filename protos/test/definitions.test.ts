import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { LOADER_OPTIONS, loadProtos, PROTO_FILES } from '../src';

/**
 * Our services are loaded from the one Root the JSON mapping uses, not by
 * @grpc/proto-loader. A caller who loads the .proto files with proto-loader
 * must see the same methods, the same options (retries read
 * idempotency_level) and the same bytes on the wire.
 */

type Services = Record<string, grpc.ServiceClientConstructor>;

const theirs = (grpc.loadPackageDefinition(protoLoader.loadSync(PROTO_FILES, LOADER_OPTIONS)) as unknown as { evalplan: { v2: Services } })
  .evalplan.v2;
const protos = loadProtos();
const ours = { ...protos.auth, ...protos.wizard, ...protos.pdf, ...protos.activity } as unknown as Record<string, grpc.ServiceDefinition>;
const SERVICES = ['AuthService', 'WizardService', 'PdfService', 'ActivityService'];

it.each(SERVICES)('%s has the methods, paths, streaming and options proto-loader gives', (name) => {
  const expected = theirs[name]!.service;
  const actual = ours[name]!;
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [method, definition] of Object.entries(expected)) {
    const mine = actual[method]!;
    expect([mine.path, mine.requestStream, mine.responseStream, mine.originalName]).toEqual([
      definition.path,
      definition.requestStream,
      definition.responseStream,
      definition.originalName,
    ]);
    expect((mine as { options?: unknown }).options).toEqual((definition as { options?: unknown }).options);
  }
});

it('marks the methods a retry may repeat, as the .proto files say', () => {
  const level = (service: string, method: string): unknown =>
    (ours[service]![method] as unknown as { options: { idempotency_level: string } }).options.idempotency_level;
  expect(level('WizardService', 'GetSession')).toBe('NO_SIDE_EFFECTS');
  expect(level('WizardService', 'CreateSession')).toBe('IDEMPOTENCY_UNKNOWN');
});

it('describes the same .proto files to reflection', () => {
  const files = (service: grpc.ServiceDefinition): Buffer[] =>
    (service.GetSession as unknown as { requestType: { fileDescriptorProtos: Buffer[] } }).requestType.fileDescriptorProtos;
  const encoded = (service: grpc.ServiceDefinition) => files(service).map((file) => file.toString('base64'));
  expect(encoded(ours.WizardService!)).toEqual(encoded(theirs.WizardService!.service));
});

it('puts the same bytes on the wire and reads them back the same', () => {
  const request = {
    wizard: { sessionId: '1b4e28ba-2d1f-4c4a-9b3e-2f1d7c9e8a10' },
    stepNumber: 1,
    goalsAndContext: { evaluationGoals: ['engagement'], projectName: 'Ünïcode 🎯', researchEnabled: false },
    extra: { fields: { note: { stringValue: 'kept' } } },
  };
  const mine = ours.WizardService!.SaveStep!;
  const expected = theirs.WizardService!.service.SaveStep!;
  const bytes = mine.requestSerialize(request);
  expect(bytes.toString('base64')).toBe(expected.requestSerialize(request).toString('base64'));
  expect(mine.requestDeserialize(bytes)).toEqual(expected.requestDeserialize(bytes));
});
