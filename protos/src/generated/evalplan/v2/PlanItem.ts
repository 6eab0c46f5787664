// Original file: evalplan/v2/pdf.proto


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
