// Original file: evalplan/v2/wizard.proto


export interface CatalogItem {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'rationale'?: (string);
  'tags'?: (string)[];
  'icon'?: (string);
  'kind'?: (string);
  'category'?: (string);
  'methods'?: (string)[];
}

export interface CatalogItem__Output {
  'id': (string);
  'name': (string);
  'description': (string);
  'rationale': (string);
  'tags': (string)[];
  'icon': (string);
  'kind': (string);
  'category': (string);
  'methods': (string)[];
}
