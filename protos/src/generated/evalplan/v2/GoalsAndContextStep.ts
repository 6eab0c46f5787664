// Original file: evalplan/v2/wizard.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface GoalsAndContextStep {
  'evaluationGoals'?: (string)[];
  'participants'?: (string);
  'developmentStage'?: (string);
  'projectType'?: (string);
  'projectName'?: (string);
  'accessibility'?: (string);
  'time'?: (string);
  'extraConstraints'?: (string)[];
  'researchEnabled'?: (boolean);
  'researchObjective'?: (string);
  'researchQuestions'?: (string)[];
  'hypotheses'?: (string)[];
  'extra'?: (_google_protobuf_Struct | null);
  '_participants'?: "participants";
  '_developmentStage'?: "developmentStage";
  '_projectType'?: "projectType";
  '_projectName'?: "projectName";
  '_accessibility'?: "accessibility";
  '_time'?: "time";
  '_researchEnabled'?: "researchEnabled";
  '_researchObjective'?: "researchObjective";
}

export interface GoalsAndContextStep__Output {
  'evaluationGoals': (string)[];
  'participants'?: (string);
  'developmentStage'?: (string);
  'projectType'?: (string);
  'projectName'?: (string);
  'accessibility'?: (string);
  'time'?: (string);
  'extraConstraints': (string)[];
  'researchEnabled'?: (boolean);
  'researchObjective'?: (string);
  'researchQuestions': (string)[];
  'hypotheses': (string)[];
  'extra': (_google_protobuf_Struct__Output | null);
  '_participants'?: "participants";
  '_developmentStage'?: "developmentStage";
  '_projectType'?: "projectType";
  '_projectName'?: "projectName";
  '_accessibility'?: "accessibility";
  '_time'?: "time";
  '_researchEnabled'?: "researchEnabled";
  '_researchObjective'?: "researchObjective";
}
