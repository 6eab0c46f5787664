// Original file: evalplan/v2/wizard.proto

import type { ConstructDefinition as _evalplan_v2_ConstructDefinition, ConstructDefinition__Output as _evalplan_v2_ConstructDefinition__Output } from '../../evalplan/v2/ConstructDefinition';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../google/protobuf/Struct';

export interface InstrumentsStep {
  'selectedInstruments'?: (string)[];
  'customConstructs'?: (_evalplan_v2_ConstructDefinition)[];
  'extra'?: (_google_protobuf_Struct | null);
}

export interface InstrumentsStep__Output {
  'selectedInstruments': (string)[];
  'customConstructs': (_evalplan_v2_ConstructDefinition__Output)[];
  'extra': (_google_protobuf_Struct__Output | null);
}
