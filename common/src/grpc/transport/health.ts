import { service as healthService } from 'grpc-health-check';
import type { MethodDefinition } from './definitions';
import { frameMessage } from './wire';

/**
 * grpc.health.v1 Check, marked as the read it is (the .proto we do not own
 * says nothing), so a replica that fails it is asked again elsewhere.
 */
export const HEALTH_CHECK: MethodDefinition = {
  ...(healthService.Check as unknown as MethodDefinition),
  options: { idempotency_level: 'NO_SIDE_EFFECTS' },
};

/** A Check of the server as a whole, framed once for every probe. */
export const HEALTH_REQUEST = frameMessage(HEALTH_CHECK.requestSerialize({ service: '' }));
