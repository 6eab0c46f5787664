import { grpcServerSettings, type ServiceName } from './grpc-settings';
import { dependencySettings, runtimeSettings } from './runtime-settings';

/**
 * What every gRPC service reads whatever it does: the runtime (NODE_ENV,
 * LOG_LEVEL, shutdown), how it waits for and watches its dependencies, and
 * where it listens. A service adds its storage and its own settings.
 */
export function serviceSettings<N extends ServiceName>(name: N) {
  return [runtimeSettings, dependencySettings, grpcServerSettings(name)] as const;
}
