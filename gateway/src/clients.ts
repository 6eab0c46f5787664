import { createClientPool, type GrpcClientPool, type LocalServices, type Logger } from '@evalplan/common';
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
  const clients = {
    auth: createClientPool<types.AuthServiceClient>(protos.auth.AuthService, 'auth-service', services.auth.target, config, logger, local),
    wizard: createClientPool<types.WizardServiceClient>(
      protos.wizard.WizardService,
      'wizard-service',
      services.wizard.target,
      config,
      logger,
      local,
    ),
    pdf: createClientPool<types.PdfServiceClient>(protos.pdf.PdfService, 'pdf-service', services.pdf.target, config, logger, local),
    activity: createClientPool<types.ActivityServiceClient>(
      protos.activity.ActivityService,
      'activity-service',
      services.activity.target,
      config,
      logger,
      local,
    ),
  };
  return {
    ...clients,
    close: () => Object.values(clients).forEach((client) => client.close()),
  };
}
