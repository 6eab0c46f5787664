import {
  type ConfigOf,
  databaseSettings,
  defineSettings,
  dependencySettings,
  type Env,
  grpcServerSettings,
  loadSettings,
  readDataDir,
  runtimeSettings,
} from '@evalplan/common';
import path from 'node:path';

/** Where batches wait on disk while PostgreSQL is unreachable, and how much may wait. */
const spoolSettings = defineSettings((read) => ({
  activity: {
    spoolDir: path.resolve(read.string('ACTIVITY_SPOOL_DIR', path.join(readDataDir(read), 'activity-spool'))),
    spoolMaxBytes: read.bytes('ACTIVITY_SPOOL_MAX_BYTES', '256MiB', 1024 * 1024),
  },
}));

/** Everything activity-service reads. */
export const activitySettings = [
  runtimeSettings,
  dependencySettings,
  databaseSettings,
  grpcServerSettings('activity'),
  spoolSettings,
] as const;
export type ActivityConfig = ConfigOf<typeof activitySettings>;

export const loadActivityConfig = (env?: Env): ActivityConfig => loadSettings(activitySettings, env);
