// Original file: evalplan/v2/wizard.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface NextStepsStep {
  'nextSteps'?: (string)[];
  'notes'?: (string);
  'extra'?: (_google_protobuf_Struct | null);
  '_notes'?: "notes";
}

export interface NextStepsStep__Output {
  'nextSteps': (string)[];
  'notes'?: (string);
  'extra': (_google_protobuf_Struct__Output | null);
  '_notes'?: "notes";
}
