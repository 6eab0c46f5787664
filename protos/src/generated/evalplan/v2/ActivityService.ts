// Original file: evalplan/v2/activity.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ExportUserEventsRequest as _evalplan_v2_ExportUserEventsRequest, ExportUserEventsRequest__Output as _evalplan_v2_ExportUserEventsRequest__Output } from '../../evalplan/v2/ExportUserEventsRequest';
import type { ExportedEventPage as _evalplan_v2_ExportedEventPage, ExportedEventPage__Output as _evalplan_v2_ExportedEventPage__Output } from '../../evalplan/v2/ExportedEventPage';
import type { ForgetUserRequest as _evalplan_v2_ForgetUserRequest, ForgetUserRequest__Output as _evalplan_v2_ForgetUserRequest__Output } from '../../evalplan/v2/ForgetUserRequest';
import type { ForgetUserResponse as _evalplan_v2_ForgetUserResponse, ForgetUserResponse__Output as _evalplan_v2_ForgetUserResponse__Output } from '../../evalplan/v2/ForgetUserResponse';
import type { RecordBatchRequest as _evalplan_v2_RecordBatchRequest, RecordBatchRequest__Output as _evalplan_v2_RecordBatchRequest__Output } from '../../evalplan/v2/RecordBatchRequest';
import type { RecordBatchResponse as _evalplan_v2_RecordBatchResponse, RecordBatchResponse__Output as _evalplan_v2_RecordBatchResponse__Output } from '../../evalplan/v2/RecordBatchResponse';
import type { RecordFrontendEventRequest as _evalplan_v2_RecordFrontendEventRequest, RecordFrontendEventRequest__Output as _evalplan_v2_RecordFrontendEventRequest__Output } from '../../evalplan/v2/RecordFrontendEventRequest';
import type { RecordFrontendEventResponse as _evalplan_v2_RecordFrontendEventResponse, RecordFrontendEventResponse__Output as _evalplan_v2_RecordFrontendEventResponse__Output } from '../../evalplan/v2/RecordFrontendEventResponse';

export interface ActivityServiceClient extends grpc.Client {
  ExportUserEvents(argument: _evalplan_v2_ExportUserEventsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_ExportedEventPage__Output>;
  ExportUserEvents(argument: _evalplan_v2_ExportUserEventsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_ExportedEventPage__Output>;
  exportUserEvents(argument: _evalplan_v2_ExportUserEventsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_ExportedEventPage__Output>;
  exportUserEvents(argument: _evalplan_v2_ExportUserEventsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_ExportedEventPage__Output>;
  
  ForgetUser(argument: _evalplan_v2_ForgetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ForgetUserResponse__Output>): grpc.ClientUnaryCall;
  ForgetUser(argument: _evalplan_v2_ForgetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ForgetUserResponse__Output>): grpc.ClientUnaryCall;
  ForgetUser(argument: _evalplan_v2_ForgetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ForgetUserResponse__Output>): grpc.ClientUnaryCall;
  ForgetUser(argument: _evalplan_v2_ForgetUserRequest, callback: grpc.requestCallback<_evalplan_v2_ForgetUserResponse__Output>): grpc.ClientUnaryCall;
  forgetUser(argument: _evalplan_v2_ForgetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ForgetUserResponse__Output>): grpc.ClientUnaryCall;
  forgetUser(argument: _evalplan_v2_ForgetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ForgetUserResponse__Output>): grpc.ClientUnaryCall;
  forgetUser(argument: _evalplan_v2_ForgetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ForgetUserResponse__Output>): grpc.ClientUnaryCall;
  forgetUser(argument: _evalplan_v2_ForgetUserRequest, callback: grpc.requestCallback<_evalplan_v2_ForgetUserResponse__Output>): grpc.ClientUnaryCall;
  
  RecordBatch(argument: _evalplan_v2_RecordBatchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  RecordBatch(argument: _evalplan_v2_RecordBatchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  RecordBatch(argument: _evalplan_v2_RecordBatchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  RecordBatch(argument: _evalplan_v2_RecordBatchRequest, callback: grpc.requestCallback<_evalplan_v2_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  recordBatch(argument: _evalplan_v2_RecordBatchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  recordBatch(argument: _evalplan_v2_RecordBatchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  recordBatch(argument: _evalplan_v2_RecordBatchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  recordBatch(argument: _evalplan_v2_RecordBatchRequest, callback: grpc.requestCallback<_evalplan_v2_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  
  RecordFrontendEvent(argument: _evalplan_v2_RecordFrontendEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  RecordFrontendEvent(argument: _evalplan_v2_RecordFrontendEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  RecordFrontendEvent(argument: _evalplan_v2_RecordFrontendEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  RecordFrontendEvent(argument: _evalplan_v2_RecordFrontendEventRequest, callback: grpc.requestCallback<_evalplan_v2_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  recordFrontendEvent(argument: _evalplan_v2_RecordFrontendEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  recordFrontendEvent(argument: _evalplan_v2_RecordFrontendEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  recordFrontendEvent(argument: _evalplan_v2_RecordFrontendEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  recordFrontendEvent(argument: _evalplan_v2_RecordFrontendEventRequest, callback: grpc.requestCallback<_evalplan_v2_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface ActivityServiceHandlers extends grpc.UntypedServiceImplementation {
  ExportUserEvents: grpc.handleServerStreamingCall<_evalplan_v2_ExportUserEventsRequest__Output, _evalplan_v2_ExportedEventPage>;
  
  ForgetUser: grpc.handleUnaryCall<_evalplan_v2_ForgetUserRequest__Output, _evalplan_v2_ForgetUserResponse>;
  
  RecordBatch: grpc.handleUnaryCall<_evalplan_v2_RecordBatchRequest__Output, _evalplan_v2_RecordBatchResponse>;
  
  RecordFrontendEvent: grpc.handleUnaryCall<_evalplan_v2_RecordFrontendEventRequest__Output, _evalplan_v2_RecordFrontendEventResponse>;
  
}

export interface ActivityServiceDefinition extends grpc.ServiceDefinition {
  ExportUserEvents: MethodDefinition<_evalplan_v2_ExportUserEventsRequest, _evalplan_v2_ExportedEventPage, _evalplan_v2_ExportUserEventsRequest__Output, _evalplan_v2_ExportedEventPage__Output>
  ForgetUser: MethodDefinition<_evalplan_v2_ForgetUserRequest, _evalplan_v2_ForgetUserResponse, _evalplan_v2_ForgetUserRequest__Output, _evalplan_v2_ForgetUserResponse__Output>
  RecordBatch: MethodDefinition<_evalplan_v2_RecordBatchRequest, _evalplan_v2_RecordBatchResponse, _evalplan_v2_RecordBatchRequest__Output, _evalplan_v2_RecordBatchResponse__Output>
  RecordFrontendEvent: MethodDefinition<_evalplan_v2_RecordFrontendEventRequest, _evalplan_v2_RecordFrontendEventResponse, _evalplan_v2_RecordFrontendEventRequest__Output, _evalplan_v2_RecordFrontendEventResponse__Output>
}
