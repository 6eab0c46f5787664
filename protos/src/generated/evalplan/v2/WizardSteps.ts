// Original file: evalplan/v2/wizard.proto

import type { GoalsAndContextStep as _evalplan_v2_GoalsAndContextStep, GoalsAndContextStep__Output as _evalplan_v2_GoalsAndContextStep__Output } from '../../evalplan/v2/GoalsAndContextStep';
import type { MethodsStep as _evalplan_v2_MethodsStep, MethodsStep__Output as _evalplan_v2_MethodsStep__Output } from '../../evalplan/v2/MethodsStep';
import type { InstrumentsStep as _evalplan_v2_InstrumentsStep, InstrumentsStep__Output as _evalplan_v2_InstrumentsStep__Output } from '../../evalplan/v2/InstrumentsStep';
import type { NextStepsStep as _evalplan_v2_NextStepsStep, NextStepsStep__Output as _evalplan_v2_NextStepsStep__Output } from '../../evalplan/v2/NextStepsStep';

export interface WizardSteps {
  'step1'?: (_evalplan_v2_GoalsAndContextStep | null);
  'step2'?: (_evalplan_v2_MethodsStep | null);
  'step3'?: (_evalplan_v2_InstrumentsStep | null);
  'step4'?: (_evalplan_v2_NextStepsStep | null);
}

export interface WizardSteps__Output {
  'step1': (_evalplan_v2_GoalsAndContextStep__Output | null);
  'step2': (_evalplan_v2_MethodsStep__Output | null);
  'step3': (_evalplan_v2_InstrumentsStep__Output | null);
  'step4': (_evalplan_v2_NextStepsStep__Output | null);
}
