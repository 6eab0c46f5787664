import type { Client } from '@grpc/grpc-js';
import { createClientPool, type GrpcClientPool, type LocalServices, type ServiceDefinition } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { loadProtos, type types } from '@evalplan/protos';
import type { GatewayConfig } from './config';

/** Long-lived channel pools to every service, created once at gateway start. */
export interface ServiceClients {
  auth: GrpcClientPool<types.AuthServiceClient>;
  wizard: GrpcClientPool<types.WizardServiceClient>;
  pdf: GrpcClientPool<types.PdfServiceClient>;
  activity: GrpcClientPool<types.ActivityServiceClient>;
  close(): void;
}

/** With `local` (the all-in-one stack), unary calls reach the services in process. */
export function createServiceClients(config: GatewayConfig, logger: Logger, local?: LocalServices): ServiceClients {
  const protos = loadProtos();
  const { services } = config;
  // One pool per service, named as its logs and errors name it.
  const poolOf = <C extends Client>(name: keyof typeof services, definition: ServiceDefinition) =>
    createClientPool<C>(definition, `${name}-service`, services[name].target, config, logger, local);
  const clients = {
    auth: poolOf<types.AuthServiceClient>('auth', protos.auth.AuthService),
    wizard: poolOf<types.WizardServiceClient>('wizard', protos.wizard.WizardService),
    pdf: poolOf<types.PdfServiceClient>('pdf', protos.pdf.PdfService),
    activity: poolOf<types.ActivityServiceClient>('activity', protos.activity.ActivityService),
  };
  return {
    ...clients,
    close: () => Object.values(clients).forEach((client) => client.close()),
  };
}
