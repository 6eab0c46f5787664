// Original file: evalplan/v2/pdf.proto

import type { PlanItem as _evalplan_v2_PlanItem, PlanItem__Output as _evalplan_v2_PlanItem__Output } from '../../evalplan/v2/PlanItem';
import type { GoalCategory as _evalplan_v2_GoalCategory, GoalCategory__Output as _evalplan_v2_GoalCategory__Output } from '../../evalplan/v2/GoalCategory';
import type { CustomConstruct as _evalplan_v2_CustomConstruct, CustomConstruct__Output as _evalplan_v2_CustomConstruct__Output } from '../../evalplan/v2/CustomConstruct';
import type { Coverage as _evalplan_v2_Coverage, Coverage__Output as _evalplan_v2_Coverage__Output } from '../../evalplan/v2/Coverage';
import type { TimeBudget as _evalplan_v2_TimeBudget, TimeBudget__Output as _evalplan_v2_TimeBudget__Output } from '../../evalplan/v2/TimeBudget';
import type { Checklist as _evalplan_v2_Checklist, Checklist__Output as _evalplan_v2_Checklist__Output } from '../../evalplan/v2/Checklist';
import type { Reference as _evalplan_v2_Reference, Reference__Output as _evalplan_v2_Reference__Output } from '../../evalplan/v2/Reference';

export interface PlanDocument {
  'title'?: (string);
  'evaluationGoals'?: (string)[];
  'projectType'?: (string);
  'participants'?: (string);
  'developmentStage'?: (string);
  'accessibility'?: (string);
  'timeConstraint'?: (string);
  'extraConstraints'?: (string)[];
  'researchEnabled'?: (boolean);
  'researchObjective'?: (string);
  'researchQuestions'?: (string)[];
  'hypotheses'?: (string)[];
  'selectedMethods'?: (_evalplan_v2_PlanItem)[];
  'selectedInstruments'?: (_evalplan_v2_PlanItem)[];
  'nextSteps'?: (string)[];
  'notes'?: (string);
  'description'?: (string);
  'goalsByCategory'?: (_evalplan_v2_GoalCategory)[];
  'customConstructs'?: (_evalplan_v2_CustomConstruct)[];
  'coverage'?: (_evalplan_v2_Coverage | null);
  'timeBudget'?: (_evalplan_v2_TimeBudget | null);
  'checklist'?: (_evalplan_v2_Checklist | null);
  'references'?: (_evalplan_v2_Reference)[];
  'priorityLegend'?: (string);
}

export interface PlanDocument__Output {
  'title': (string);
  'evaluationGoals': (string)[];
  'projectType': (string);
  'participants': (string);
  'developmentStage': (string);
  'accessibility': (string);
  'timeConstraint': (string);
  'extraConstraints': (string)[];
  'researchEnabled': (boolean);
  'researchObjective': (string);
  'researchQuestions': (string)[];
  'hypotheses': (string)[];
  'selectedMethods': (_evalplan_v2_PlanItem__Output)[];
  'selectedInstruments': (_evalplan_v2_PlanItem__Output)[];
  'nextSteps': (string)[];
  'notes': (string);
  'description': (string);
  'goalsByCategory': (_evalplan_v2_GoalCategory__Output)[];
  'customConstructs': (_evalplan_v2_CustomConstruct__Output)[];
  'coverage': (_evalplan_v2_Coverage__Output | null);
  'timeBudget': (_evalplan_v2_TimeBudget__Output | null);
  'checklist': (_evalplan_v2_Checklist__Output | null);
  'references': (_evalplan_v2_Reference__Output)[];
  'priorityLegend': (string);
}
