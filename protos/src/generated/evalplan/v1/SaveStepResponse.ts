// Original file: evalplan/v1/wizard.proto

import type { WizardStatus as _evalplan_v1_WizardStatus, WizardStatus__Output as _evalplan_v1_WizardStatus__Output } from '../../evalplan/v1/WizardStatus';
import type { Session as _evalplan_v1_Session, Session__Output as _evalplan_v1_Session__Output } from '../../evalplan/v1/Session';
import type { Project as _evalplan_v1_Project, Project__Output as _evalplan_v1_Project__Output } from '../../evalplan/v1/Project';

export interface SaveStepResponse {
  'stepNumber'?: (number);
  'stepDataJson'?: (string);
  'wizardStatus'?: (_evalplan_v1_WizardStatus | null);
  'session'?: (_evalplan_v1_Session | null);
  'project'?: (_evalplan_v1_Project | null);
}

export interface SaveStepResponse__Output {
  'stepNumber': (number);
  'stepDataJson': (string);
  'wizardStatus': (_evalplan_v1_WizardStatus__Output | null);
  'session': (_evalplan_v1_Session__Output | null);
  'project': (_evalplan_v1_Project__Output | null);
}
