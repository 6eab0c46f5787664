import { activitySettings } from '@evalplan/activity-service';
import { authSettings } from '@evalplan/auth-service';
import { type ConfigOf, type Env, loadSettings } from '@evalplan/common/config';
import { gatewaySettings } from '@evalplan/gateway';
import { pdfSettings } from '@evalplan/pdf-service';
import { wizardSettings } from '@evalplan/wizard-service';

/**
 * The all-in-one process reads what each of its five components reads, from
 * one environment: a group they share is read once, and every problem of
 * every component is reported together.
 */
export const stackSettings = [gatewaySettings, authSettings, wizardSettings, pdfSettings, activitySettings] as const;
export type StackConfig = ConfigOf<typeof stackSettings>;

export const loadStackConfig = (env?: Env): StackConfig => loadSettings(stackSettings, env);
