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
import { parseRetention } from './domain/partitions';

/** Where batches wait on disk while PostgreSQL is unreachable, and how much may wait. */
const spoolSettings = defineSettings((read) => ({
  activity: {
    spoolDir: path.resolve(read.string('ACTIVITY_SPOOL_DIR', path.join(readDataDir(read), 'activity-spool'))),
    spoolMaxBytes: read.bytes('ACTIVITY_SPOOL_MAX_BYTES', '256MiB', 1024 * 1024),
  },
}));

/** How long events are kept: months past it are dropped a whole partition at a time. */
const retentionSettings = defineSettings((read) => {
  const text = read.string('ACTIVITY_RETENTION', '13mo');
  const retention = parseRetention(text);
  if (retention === undefined) {
    read.problems.push(
      `ACTIVITY_RETENTION must be from one month (1mo or 28d) to 100 years, such as 13mo, 2y or 400d, or off to keep every event (got "${text}")`,
    );
  }
  return { activity: { retention: retention ?? { months: 13, days: 0 } } };
});

/** Everything activity-service reads. */
export const activitySettings = [serviceSettings('activity'), databaseSettings, spoolSettings, retentionSettings] as const;
export type ActivityConfig = ConfigOf<typeof activitySettings>;

export const loadActivityConfig = (env?: Env): ActivityConfig => loadSettings(activitySettings, env);
