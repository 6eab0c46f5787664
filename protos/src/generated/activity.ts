import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ActivityServiceClient as _evalplan_v1_ActivityServiceClient, ActivityServiceDefinition as _evalplan_v1_ActivityServiceDefinition } from './evalplan/v1/ActivityService';
import type { ExportUserEventsRequest as _evalplan_v1_ExportUserEventsRequest, ExportUserEventsRequest__Output as _evalplan_v1_ExportUserEventsRequest__Output } from './evalplan/v1/ExportUserEventsRequest';
import type { ExportedEvent as _evalplan_v1_ExportedEvent, ExportedEvent__Output as _evalplan_v1_ExportedEvent__Output } from './evalplan/v1/ExportedEvent';
import type { ExportedEventPage as _evalplan_v1_ExportedEventPage, ExportedEventPage__Output as _evalplan_v1_ExportedEventPage__Output } from './evalplan/v1/ExportedEventPage';
import type { ForgetUserRequest as _evalplan_v1_ForgetUserRequest, ForgetUserRequest__Output as _evalplan_v1_ForgetUserRequest__Output } from './evalplan/v1/ForgetUserRequest';
import type { ForgetUserResponse as _evalplan_v1_ForgetUserResponse, ForgetUserResponse__Output as _evalplan_v1_ForgetUserResponse__Output } from './evalplan/v1/ForgetUserResponse';
import type { RecordBatchRequest as _evalplan_v1_RecordBatchRequest, RecordBatchRequest__Output as _evalplan_v1_RecordBatchRequest__Output } from './evalplan/v1/RecordBatchRequest';
import type { RecordBatchResponse as _evalplan_v1_RecordBatchResponse, RecordBatchResponse__Output as _evalplan_v1_RecordBatchResponse__Output } from './evalplan/v1/RecordBatchResponse';
import type { RecordFrontendEventRequest as _evalplan_v1_RecordFrontendEventRequest, RecordFrontendEventRequest__Output as _evalplan_v1_RecordFrontendEventRequest__Output } from './evalplan/v1/RecordFrontendEventRequest';
import type { RecordFrontendEventResponse as _evalplan_v1_RecordFrontendEventResponse, RecordFrontendEventResponse__Output as _evalplan_v1_RecordFrontendEventResponse__Output } from './evalplan/v1/RecordFrontendEventResponse';
import type { RequestEvent as _evalplan_v1_RequestEvent, RequestEvent__Output as _evalplan_v1_RequestEvent__Output } from './evalplan/v1/RequestEvent';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  evalplan: {
    v1: {
      ActivityService: SubtypeConstructor<typeof grpc.Client, _evalplan_v1_ActivityServiceClient> & { service: _evalplan_v1_ActivityServiceDefinition }
      ExportUserEventsRequest: MessageTypeDefinition<_evalplan_v1_ExportUserEventsRequest, _evalplan_v1_ExportUserEventsRequest__Output>
      ExportedEvent: MessageTypeDefinition<_evalplan_v1_ExportedEvent, _evalplan_v1_ExportedEvent__Output>
      ExportedEventPage: MessageTypeDefinition<_evalplan_v1_ExportedEventPage, _evalplan_v1_ExportedEventPage__Output>
      ForgetUserRequest: MessageTypeDefinition<_evalplan_v1_ForgetUserRequest, _evalplan_v1_ForgetUserRequest__Output>
      ForgetUserResponse: MessageTypeDefinition<_evalplan_v1_ForgetUserResponse, _evalplan_v1_ForgetUserResponse__Output>
      RecordBatchRequest: MessageTypeDefinition<_evalplan_v1_RecordBatchRequest, _evalplan_v1_RecordBatchRequest__Output>
      RecordBatchResponse: MessageTypeDefinition<_evalplan_v1_RecordBatchResponse, _evalplan_v1_RecordBatchResponse__Output>
      RecordFrontendEventRequest: MessageTypeDefinition<_evalplan_v1_RecordFrontendEventRequest, _evalplan_v1_RecordFrontendEventRequest__Output>
      RecordFrontendEventResponse: MessageTypeDefinition<_evalplan_v1_RecordFrontendEventResponse, _evalplan_v1_RecordFrontendEventResponse__Output>
      RequestEvent: MessageTypeDefinition<_evalplan_v1_RequestEvent, _evalplan_v1_RequestEvent__Output>
    }
  }
}

