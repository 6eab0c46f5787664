import {
  type ConfigOf,
  databaseSettings,
  defineSettings,
  type Env,
  loadSettings,
  readDataDir,
  serviceSettings,
} from '@evalplan/common/config';
import path from 'node:path';

/** Where batches wait on disk while PostgreSQL is unreachable, and how much may wait. */
const spoolSettings = defineSettings((read) => ({
  activity: {
    spoolDir: path.resolve(read.string('ACTIVITY_SPOOL_DIR', path.join(readDataDir(read), 'activity-spool'))),
    spoolMaxBytes: read.bytes('ACTIVITY_SPOOL_MAX_BYTES', '256MiB', 1024 * 1024),
  },
}));

/** Everything activity-service reads. */
export const activitySettings = [serviceSettings('activity'), databaseSettings, spoolSettings] as const;
export type ActivityConfig = ConfigOf<typeof activitySettings>;

export const loadActivityConfig = (env?: Env): ActivityConfig => loadSettings(activitySettings, env);
