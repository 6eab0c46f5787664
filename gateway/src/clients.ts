import { type Config, createClientPool, type GrpcClientPool, type Logger } from '@evalplan/common';
import { loadProtos, type types } from '@evalplan/protos';

/** Long-lived channel pools to every service, created once at gateway start. */
export interface ServiceClients {
  auth: GrpcClientPool<types.AuthServiceClient>;
  wizard: GrpcClientPool<types.WizardServiceClient>;
  pdf: GrpcClientPool<types.PdfServiceClient>;
  activity: GrpcClientPool<types.ActivityServiceClient>;
  close(): void;
}

export function createServiceClients(config: Config, logger: Logger): ServiceClients {
  const protos = loadProtos();
  const { services } = config;
  const clients = {
    auth: createClientPool<types.AuthServiceClient>(protos.auth.AuthService, 'auth-service', services.auth.target, config, logger),
    wizard: createClientPool<types.WizardServiceClient>(
      protos.wizard.WizardService,
      'wizard-service',
      services.wizard.target,
      config,
      logger,
    ),
    pdf: createClientPool<types.PdfServiceClient>(protos.pdf.PdfService, 'pdf-service', services.pdf.target, config, logger),
    activity: createClientPool<types.ActivityServiceClient>(
      protos.activity.ActivityService,
      'activity-service',
      services.activity.target,
      config,
      logger,
    ),
  };
  return {
    ...clients,
    close: () => Object.values(clients).forEach((client) => client.close()),
  };
}
