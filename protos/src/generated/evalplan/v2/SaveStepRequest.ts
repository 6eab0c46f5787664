// Original file: evalplan/v2/wizard.proto

import type { WizardRef as _evalplan_v2_WizardRef, WizardRef__Output as _evalplan_v2_WizardRef__Output } from '../../evalplan/v2/WizardRef';
import type { GoalsAndContextStep as _evalplan_v2_GoalsAndContextStep, GoalsAndContextStep__Output as _evalplan_v2_GoalsAndContextStep__Output } from '../../evalplan/v2/GoalsAndContextStep';
import type { MethodsStep as _evalplan_v2_MethodsStep, MethodsStep__Output as _evalplan_v2_MethodsStep__Output } from '../../evalplan/v2/MethodsStep';
import type { InstrumentsStep as _evalplan_v2_InstrumentsStep, InstrumentsStep__Output as _evalplan_v2_InstrumentsStep__Output } from '../../evalplan/v2/InstrumentsStep';
import type { NextStepsStep as _evalplan_v2_NextStepsStep, NextStepsStep__Output as _evalplan_v2_NextStepsStep__Output } from '../../evalplan/v2/NextStepsStep';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface SaveStepRequest {
  'wizard'?: (_evalplan_v2_WizardRef | null);
  'stepNumber'?: (number);
  'goalsAndContext'?: (_evalplan_v2_GoalsAndContextStep | null);
  'methods'?: (_evalplan_v2_MethodsStep | null);
  'instruments'?: (_evalplan_v2_InstrumentsStep | null);
  'nextSteps'?: (_evalplan_v2_NextStepsStep | null);
  'extra'?: (_google_protobuf_Struct | null);
  'stepData'?: "goalsAndContext"|"methods"|"instruments"|"nextSteps";
}

export interface SaveStepRequest__Output {
  'wizard': (_evalplan_v2_WizardRef__Output | null);
  'stepNumber': (number);
  'goalsAndContext'?: (_evalplan_v2_GoalsAndContextStep__Output | null);
  'methods'?: (_evalplan_v2_MethodsStep__Output | null);
  'instruments'?: (_evalplan_v2_InstrumentsStep__Output | null);
  'nextSteps'?: (_evalplan_v2_NextStepsStep__Output | null);
  'extra': (_google_protobuf_Struct__Output | null);
  'stepData'?: "goalsAndContext"|"methods"|"instruments"|"nextSteps";
}
