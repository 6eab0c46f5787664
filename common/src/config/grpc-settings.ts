import { groupPerKey, type ConfigOf, defineSettings, type SettingGroup } from './settings';

export const SERVICE_NAMES = ['auth', 'wizard', 'pdf', 'activity'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const DEFAULT_SERVICE_PORTS: Record<ServiceName, number> = {
  auth: 50051,
  wizard: 50052,
  pdf: 50053,
  activity: 50054,
};

/** AUTH_SERVICE, WIZARD_SERVICE…: the prefix of a service's _ADDR and _TARGET variables. */
function variablePrefix(name: ServiceName): string {
  return `${name.toUpperCase()}_SERVICE`;
}

function defaultAddress(name: ServiceName): string {
  return `127.0.0.1:${DEFAULT_SERVICE_PORTS[name]}`;
}

/** The largest gRPC message a server or client of ours accepts (RESOURCE_EXHAUSTED beyond). */
const grpcMessageSettings = defineSettings((read) => ({
  // Never below 4 MiB: an activity batch may carry 3 MiB of rows.
  grpcMaxMessageBytes: read.bytes('GRPC_MAX_MESSAGE_SIZE', '4MiB', 4 * 1024 * 1024),
}));
export type GrpcMessageSettings = ConfigOf<typeof grpcMessageSettings>;

/** How a process calls services: deadline, connections, and how dead ones are noticed. */
const grpcCallSettings = defineSettings((read) => ({
  grpcDeadlineMs: read.duration('GRPC_DEADLINE', '5s'),
  grpcChannels: read.integer('GRPC_CHANNELS', 1, 1, 16),
  /** How long a client's connection may take to come up; how often it is pinged, and how long a ping may go unanswered. */
  grpcConnectTimeoutMs: read.duration('GRPC_CONNECT_TIMEOUT', '2s'),
  grpcKeepaliveMs: read.duration('GRPC_KEEPALIVE_TIME', '30s'),
  grpcKeepaliveTimeoutMs: read.duration('GRPC_KEEPALIVE_TIMEOUT', '10s'),
}));
export type GrpcClientSettings = GrpcMessageSettings & ConfigOf<typeof grpcCallSettings>;

/** Where the named service listens, as its configuration holds it. */
export type ServiceListens<N extends ServiceName> = { services: Record<N, { listen: string }> };
type Targets<N extends ServiceName> = { services: Record<N, { target: string }> };

const listenSettings = groupPerKey((name: ServiceName) =>
  defineSettings((read) => ({
    services: { [name]: { listen: read.address(`${variablePrefix(name)}_ADDR`, defaultAddress(name)) } },
  })),
);

const targetSettings = groupPerKey((name: ServiceName) =>
  defineSettings((read) => ({
    services: { [name]: { target: read.target(`${variablePrefix(name)}_TARGET`, defaultAddress(name)) } },
  })),
);

/** A service's server: where it listens (<NAME>_SERVICE_ADDR) and the message cap. */
export function grpcServerSettings<N extends ServiceName>(name: N): readonly [typeof grpcMessageSettings, SettingGroup<ServiceListens<N>>] {
  return [grpcMessageSettings, listenSettings(name) as SettingGroup<ServiceListens<N>>];
}

/** A client of the named services: where each is reached (<NAME>_SERVICE_TARGET) and how calls go. */
export function grpcClientSettings<N extends ServiceName>(
  ...names: N[]
): readonly [typeof grpcMessageSettings, typeof grpcCallSettings, ...Array<SettingGroup<Targets<N>>>] {
  return [grpcMessageSettings, grpcCallSettings, ...names.map((name) => targetSettings(name) as SettingGroup<Targets<N>>)];
}
