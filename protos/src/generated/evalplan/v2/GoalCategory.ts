// Original file: evalplan/v2/pdf.proto


export interface GoalCategory {
  'category'?: (string);
  'goals'?: (string)[];
}

export interface GoalCategory__Output {
  'category': (string);
  'goals': (string)[];
}
