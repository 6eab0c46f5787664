import path from 'node:path';
import { configProblems } from '@evalplan/common/config';
import { activitySettings, loadActivityConfig } from './config';

describe('activity-service configuration', () => {
  it('spools under DATA_DIR by default, 256 MiB at most', () => {
    const config = loadActivityConfig({ DATA_DIR: '/srv/evalplan' });
    expect(config.activity).toMatchObject({ spoolDir: path.resolve('/srv/evalplan/activity-spool'), spoolMaxBytes: 256 * 1024 * 1024 });
    expect(config.services).toEqual({ activity: { listen: '127.0.0.1:50054' } });
  });

  it('takes another spool and bound, and refuses a bound it cannot read or below 1 MiB', () => {
    const tuned = loadActivityConfig({ ACTIVITY_SPOOL_DIR: '/var/spool/evalplan', ACTIVITY_SPOOL_MAX_BYTES: '1GiB' });
    expect(tuned.activity).toMatchObject({ spoolDir: '/var/spool/evalplan', spoolMaxBytes: 1024 ** 3 });
    expect(configProblems(activitySettings, { ACTIVITY_SPOOL_MAX_BYTES: 'lots' })).toEqual([
      expect.stringContaining('ACTIVITY_SPOOL_MAX_BYTES must be a size'),
    ]);
    expect(configProblems(activitySettings, { ACTIVITY_SPOOL_MAX_BYTES: '10KiB' })).toEqual([
      expect.stringContaining('at least 1048576 bytes'),
    ]);
  });

  it('keeps events 13 months by default, takes months, years, days or off, and refuses less than a month or more than a century', () => {
    expect(loadActivityConfig({}).activity.retention).toEqual({ months: 13, days: 0 });
    expect(loadActivityConfig({ ACTIVITY_RETENTION: '400d' }).activity.retention).toEqual({ months: 0, days: 400 });
    expect(loadActivityConfig({ ACTIVITY_RETENTION: 'off' }).activity.retention).toBe('off');
    // 999999y once passed and made an invalid cutoff date at every run: it is refused at start now.
    for (const value of ['2w', '0mo', '27d', 'forever', '999999y', '101y', '36526d']) {
      expect(configProblems(activitySettings, { ACTIVITY_RETENTION: value })).toEqual([
        `ACTIVITY_RETENTION must be from one month (1mo or 28d) to 100 years, such as 13mo, 2y or 400d, or off to keep every event (got "${value}")`,
      ]);
    }
  });

  it('reads neither the gateway’s recorder settings nor the JWT secret', () => {
    expect(configProblems(activitySettings, { NODE_ENV: 'production', ACTIVITY_FLUSH_TIMEOUT: 'soon', ACTIVITY_BATCH_SIZE: 'x' })).toEqual(
      [],
    );
  });
});
