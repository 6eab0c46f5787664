// Original file: evalplan/v2/pdf.proto

import type { PlanItem as _evalplan_v2_PlanItem, PlanItem__Output as _evalplan_v2_PlanItem__Output } from '../../evalplan/v2/PlanItem';
import type { GoalCategory as _evalplan_v2_GoalCategory, GoalCategory__Output as _evalplan_v2_GoalCategory__Output } from '../../evalplan/v2/GoalCategory';
import type { CustomConstruct as _evalplan_v2_CustomConstruct, CustomConstruct__Output as _evalplan_v2_CustomConstruct__Output } from '../../evalplan/v2/CustomConstruct';

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
}
