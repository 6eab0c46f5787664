import type { Client } from '@grpc/grpc-js';
import { createClientPool, type GrpcClientPool, type LocalServices, type ServiceDefinition } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { loadProtos, type types } from '@evalplan/protos';
import type { PersonalData } from '../use-cases/account-deletion';
import type { AuthConfig } from '../config';

/** The services account deletion asks to delete their part of a person's data. */
export interface AuthServiceClients {
  wizard: GrpcClientPool<types.WizardServiceClient>;
  activity: GrpcClientPool<types.ActivityServiceClient>;
  close(): void;
}

/** Long-lived pools, made once at start; with `local` (the all-in-one stack), calls stay in process. */
export function createAuthServiceClients(config: AuthConfig, logger: Logger, local?: LocalServices): AuthServiceClients {
  const protos = loadProtos();
  const poolOf = <C extends Client>(name: 'wizard' | 'activity', definition: ServiceDefinition) =>
    createClientPool<C>(definition, `${name}-service`, config.services[name].target, config, logger, local);
  const wizard = poolOf<types.WizardServiceClient>('wizard', protos.wizard.WizardService);
  const activity = poolOf<types.ActivityServiceClient>('activity', protos.activity.ActivityService);
  return {
    wizard,
    activity,
    close: () => {
      wizard.close();
      activity.close();
    },
  };
}

/** Deleting a person's projects deletes their files one project at a time; forgetting a long history updates it in batches. */
export const PERSONAL_DATA_DEADLINE_MS = 60_000;

/** Account deletion's calls to the other services. */
export function personalDataOf(clients: AuthServiceClients): PersonalData {
  return {
    deleteProjects: async (userId, context) => {
      await clients.wizard.unary('DeleteOwnerData', { ownerId: userId }, { context, deadlineMs: PERSONAL_DATA_DEADLINE_MS });
    },
    forgetActivity: async (userId, context) => {
      await clients.activity.unary('ForgetUser', { userId }, { context, deadlineMs: PERSONAL_DATA_DEADLINE_MS });
    },
  };
}
