// Original file: evalplan/v1/pdf.proto


export interface GoalCategory {
  'category'?: (string);
  'goals'?: (string)[];
}

export interface GoalCategory__Output {
  'category': (string);
  'goals': (string)[];
}
