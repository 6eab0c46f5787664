// Original file: evalplan/v2/wizard.proto


export interface Catalog {
  'catalogJson'?: (string);
}

export interface Catalog__Output {
  'catalogJson': (string);
}
