import type * as grpc from '@grpc/grpc-js';
import { type Config, GrpcClientPool } from '@evalplan/common';
import { loadProtos, type types } from '@evalplan/protos';

/** Long-lived channel pools to every service, created once at gateway start. */
export interface ServiceClients {
  auth: GrpcClientPool<types.AuthServiceClient>;
  wizard: GrpcClientPool<types.WizardServiceClient>;
  pdf: GrpcClientPool<types.PdfServiceClient>;
  activity: GrpcClientPool<types.ActivityServiceClient>;
  close(): void;
}

export function createServiceClients(config: Config): ServiceClients {
  const protos = loadProtos();
  const pool = <C extends grpc.Client>(Client: unknown, name: string, target: string): GrpcClientPool<C> =>
    new GrpcClientPool<C>(Client as grpc.ServiceClientConstructor, {
      name,
      target,
      channels: config.grpcChannels,
      deadlineMs: config.grpcDeadlineMs,
    });
  const clients = {
    auth: pool<types.AuthServiceClient>(protos.auth.AuthService, 'auth-service', config.services.auth.target),
    wizard: pool<types.WizardServiceClient>(protos.wizard.WizardService, 'wizard-service', config.services.wizard.target),
    pdf: pool<types.PdfServiceClient>(protos.pdf.PdfService, 'pdf-service', config.services.pdf.target),
    activity: pool<types.ActivityServiceClient>(protos.activity.ActivityService, 'activity-service', config.services.activity.target),
  };
  return {
    ...clients,
    close: () => Object.values(clients).forEach((client) => client.close()),
  };
}
