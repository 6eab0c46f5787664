// Original file: evalplan/v2/wizard.proto

import type { WizardStatus as _evalplan_v2_WizardStatus, WizardStatus__Output as _evalplan_v2_WizardStatus__Output } from '../../evalplan/v2/WizardStatus';
import type { GoalsAndContextStep as _evalplan_v2_GoalsAndContextStep, GoalsAndContextStep__Output as _evalplan_v2_GoalsAndContextStep__Output } from '../../evalplan/v2/GoalsAndContextStep';
import type { MethodsStep as _evalplan_v2_MethodsStep, MethodsStep__Output as _evalplan_v2_MethodsStep__Output } from '../../evalplan/v2/MethodsStep';
import type { InstrumentsStep as _evalplan_v2_InstrumentsStep, InstrumentsStep__Output as _evalplan_v2_InstrumentsStep__Output } from '../../evalplan/v2/InstrumentsStep';
import type { NextStepsStep as _evalplan_v2_NextStepsStep, NextStepsStep__Output as _evalplan_v2_NextStepsStep__Output } from '../../evalplan/v2/NextStepsStep';

export interface SaveStepResponse {
  'stepNumber'?: (number);
  'wizardStatus'?: (_evalplan_v2_WizardStatus | null);
  'id'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  'expiresAt'?: (string);
  'goalsAndContext'?: (_evalplan_v2_GoalsAndContextStep | null);
  'methods'?: (_evalplan_v2_MethodsStep | null);
  'instruments'?: (_evalplan_v2_InstrumentsStep | null);
  'nextSteps'?: (_evalplan_v2_NextStepsStep | null);
  'stepData'?: "goalsAndContext"|"methods"|"instruments"|"nextSteps";
}

export interface SaveStepResponse__Output {
  'stepNumber': (number);
  'wizardStatus': (_evalplan_v2_WizardStatus__Output | null);
  'id': (string);
  'createdAt': (string);
  'updatedAt': (string);
  'expiresAt': (string);
  'goalsAndContext'?: (_evalplan_v2_GoalsAndContextStep__Output | null);
  'methods'?: (_evalplan_v2_MethodsStep__Output | null);
  'instruments'?: (_evalplan_v2_InstrumentsStep__Output | null);
  'nextSteps'?: (_evalplan_v2_NextStepsStep__Output | null);
  'stepData'?: "goalsAndContext"|"methods"|"instruments"|"nextSteps";
}
