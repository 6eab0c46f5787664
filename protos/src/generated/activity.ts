import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { ActivityServiceClient as _evalplan_v2_ActivityServiceClient, ActivityServiceDefinition as _evalplan_v2_ActivityServiceDefinition } from './evalplan/v2/ActivityService';
import type { ExportUserEventsRequest as _evalplan_v2_ExportUserEventsRequest, ExportUserEventsRequest__Output as _evalplan_v2_ExportUserEventsRequest__Output } from './evalplan/v2/ExportUserEventsRequest';
import type { ExportedEvent as _evalplan_v2_ExportedEvent, ExportedEvent__Output as _evalplan_v2_ExportedEvent__Output } from './evalplan/v2/ExportedEvent';
import type { ExportedEventPage as _evalplan_v2_ExportedEventPage, ExportedEventPage__Output as _evalplan_v2_ExportedEventPage__Output } from './evalplan/v2/ExportedEventPage';
import type { ForgetUserRequest as _evalplan_v2_ForgetUserRequest, ForgetUserRequest__Output as _evalplan_v2_ForgetUserRequest__Output } from './evalplan/v2/ForgetUserRequest';
import type { ForgetUserResponse as _evalplan_v2_ForgetUserResponse, ForgetUserResponse__Output as _evalplan_v2_ForgetUserResponse__Output } from './evalplan/v2/ForgetUserResponse';
import type { FrontendEvent as _evalplan_v2_FrontendEvent, FrontendEvent__Output as _evalplan_v2_FrontendEvent__Output } from './evalplan/v2/FrontendEvent';
import type { RecordBatchRequest as _evalplan_v2_RecordBatchRequest, RecordBatchRequest__Output as _evalplan_v2_RecordBatchRequest__Output } from './evalplan/v2/RecordBatchRequest';
import type { RecordBatchResponse as _evalplan_v2_RecordBatchResponse, RecordBatchResponse__Output as _evalplan_v2_RecordBatchResponse__Output } from './evalplan/v2/RecordBatchResponse';
import type { RecordFrontendEventRequest as _evalplan_v2_RecordFrontendEventRequest, RecordFrontendEventRequest__Output as _evalplan_v2_RecordFrontendEventRequest__Output } from './evalplan/v2/RecordFrontendEventRequest';
import type { RecordFrontendEventResponse as _evalplan_v2_RecordFrontendEventResponse, RecordFrontendEventResponse__Output as _evalplan_v2_RecordFrontendEventResponse__Output } from './evalplan/v2/RecordFrontendEventResponse';
import type { RequestEvent as _evalplan_v2_RequestEvent, RequestEvent__Output as _evalplan_v2_RequestEvent__Output } from './evalplan/v2/RequestEvent';
import type { ListValue as _google_protobuf_ListValue, ListValue__Output as _google_protobuf_ListValue__Output } from './google/protobuf/ListValue';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from './google/protobuf/Struct';
import type { Value as _google_protobuf_Value, Value__Output as _google_protobuf_Value__Output } from './google/protobuf/Value';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  evalplan: {
    v2: {
      ActivityService: SubtypeConstructor<typeof grpc.Client, _evalplan_v2_ActivityServiceClient> & { service: _evalplan_v2_ActivityServiceDefinition }
      ExportUserEventsRequest: MessageTypeDefinition<_evalplan_v2_ExportUserEventsRequest, _evalplan_v2_ExportUserEventsRequest__Output>
      ExportedEvent: MessageTypeDefinition<_evalplan_v2_ExportedEvent, _evalplan_v2_ExportedEvent__Output>
      ExportedEventPage: MessageTypeDefinition<_evalplan_v2_ExportedEventPage, _evalplan_v2_ExportedEventPage__Output>
      ForgetUserRequest: MessageTypeDefinition<_evalplan_v2_ForgetUserRequest, _evalplan_v2_ForgetUserRequest__Output>
      ForgetUserResponse: MessageTypeDefinition<_evalplan_v2_ForgetUserResponse, _evalplan_v2_ForgetUserResponse__Output>
      FrontendEvent: MessageTypeDefinition<_evalplan_v2_FrontendEvent, _evalplan_v2_FrontendEvent__Output>
      RecordBatchRequest: MessageTypeDefinition<_evalplan_v2_RecordBatchRequest, _evalplan_v2_RecordBatchRequest__Output>
      RecordBatchResponse: MessageTypeDefinition<_evalplan_v2_RecordBatchResponse, _evalplan_v2_RecordBatchResponse__Output>
      RecordFrontendEventRequest: MessageTypeDefinition<_evalplan_v2_RecordFrontendEventRequest, _evalplan_v2_RecordFrontendEventRequest__Output>
      RecordFrontendEventResponse: MessageTypeDefinition<_evalplan_v2_RecordFrontendEventResponse, _evalplan_v2_RecordFrontendEventResponse__Output>
      RequestEvent: MessageTypeDefinition<_evalplan_v2_RequestEvent, _evalplan_v2_RequestEvent__Output>
    }
  }
  google: {
    protobuf: {
      ListValue: MessageTypeDefinition<_google_protobuf_ListValue, _google_protobuf_ListValue__Output>
      NullValue: EnumTypeDefinition
      Struct: MessageTypeDefinition<_google_protobuf_Struct, _google_protobuf_Struct__Output>
      Value: MessageTypeDefinition<_google_protobuf_Value, _google_protobuf_Value__Output>
    }
  }
}

