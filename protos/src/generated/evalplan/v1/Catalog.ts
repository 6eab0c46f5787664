// Original file: evalplan/v1/wizard.proto


export interface Catalog {
  'catalogJson'?: (string);
}

export interface Catalog__Output {
  'catalogJson': (string);
}
