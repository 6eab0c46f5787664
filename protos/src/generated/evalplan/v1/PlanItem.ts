// Original file: evalplan/v1/pdf.proto


export interface PlanItem {
  'name'?: (string);
  'description'?: (string);
  'priority'?: (string);
  'rationale'?: (string);
}

export interface PlanItem__Output {
  'name': (string);
  'description': (string);
  'priority': (string);
  'rationale': (string);
}
