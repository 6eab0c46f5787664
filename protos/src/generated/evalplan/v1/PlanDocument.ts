// Original file: evalplan/v1/pdf.proto

import type { PlanItem as _evalplan_v1_PlanItem, PlanItem__Output as _evalplan_v1_PlanItem__Output } from '../../evalplan/v1/PlanItem';
import type { GoalCategory as _evalplan_v1_GoalCategory, GoalCategory__Output as _evalplan_v1_GoalCategory__Output } from '../../evalplan/v1/GoalCategory';
import type { CustomConstruct as _evalplan_v1_CustomConstruct, CustomConstruct__Output as _evalplan_v1_CustomConstruct__Output } from '../../evalplan/v1/CustomConstruct';

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
  'selectedMethods'?: (_evalplan_v1_PlanItem)[];
  'selectedInstruments'?: (_evalplan_v1_PlanItem)[];
  'nextSteps'?: (string)[];
  'notes'?: (string);
  'description'?: (string);
  'goalsByCategory'?: (_evalplan_v1_GoalCategory)[];
  'customConstructs'?: (_evalplan_v1_CustomConstruct)[];
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
  'selectedMethods': (_evalplan_v1_PlanItem__Output)[];
  'selectedInstruments': (_evalplan_v1_PlanItem__Output)[];
  'nextSteps': (string)[];
  'notes': (string);
  'description': (string);
  'goalsByCategory': (_evalplan_v1_GoalCategory__Output)[];
  'customConstructs': (_evalplan_v1_CustomConstruct__Output)[];
}
