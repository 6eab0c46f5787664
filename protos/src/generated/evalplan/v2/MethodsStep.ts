// Original file: evalplan/v2/wizard.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface MethodsStep {
  'selectedMethods'?: (string)[];
  'extra'?: (_google_protobuf_Struct | null);
}

export interface MethodsStep__Output {
  'selectedMethods': (string)[];
  'extra': (_google_protobuf_Struct__Output | null);
}
