// Original file: evalplan/v2/wizard.proto


export interface CatalogGoal {
  'name'?: (string);
  'description'?: (string);
}

export interface CatalogGoal__Output {
  'name': (string);
  'description': (string);
}
