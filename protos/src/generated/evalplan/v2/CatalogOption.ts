// Original file: evalplan/v2/wizard.proto


export interface CatalogOption {
  'value'?: (string);
  'label'?: (string);
  'description'?: (string);
}

export interface CatalogOption__Output {
  'value': (string);
  'label': (string);
  'description': (string);
}
