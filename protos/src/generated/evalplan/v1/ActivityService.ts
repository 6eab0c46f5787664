// Original file: evalplan/v1/activity.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { RecordBatchRequest as _evalplan_v1_RecordBatchRequest, RecordBatchRequest__Output as _evalplan_v1_RecordBatchRequest__Output } from '../../evalplan/v1/RecordBatchRequest';
import type { RecordBatchResponse as _evalplan_v1_RecordBatchResponse, RecordBatchResponse__Output as _evalplan_v1_RecordBatchResponse__Output } from '../../evalplan/v1/RecordBatchResponse';
import type { RecordFrontendEventRequest as _evalplan_v1_RecordFrontendEventRequest, RecordFrontendEventRequest__Output as _evalplan_v1_RecordFrontendEventRequest__Output } from '../../evalplan/v1/RecordFrontendEventRequest';
import type { RecordFrontendEventResponse as _evalplan_v1_RecordFrontendEventResponse, RecordFrontendEventResponse__Output as _evalplan_v1_RecordFrontendEventResponse__Output } from '../../evalplan/v1/RecordFrontendEventResponse';

export interface ActivityServiceClient extends grpc.Client {
  RecordBatch(argument: _evalplan_v1_RecordBatchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  RecordBatch(argument: _evalplan_v1_RecordBatchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  RecordBatch(argument: _evalplan_v1_RecordBatchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  RecordBatch(argument: _evalplan_v1_RecordBatchRequest, callback: grpc.requestCallback<_evalplan_v1_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  recordBatch(argument: _evalplan_v1_RecordBatchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  recordBatch(argument: _evalplan_v1_RecordBatchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  recordBatch(argument: _evalplan_v1_RecordBatchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  recordBatch(argument: _evalplan_v1_RecordBatchRequest, callback: grpc.requestCallback<_evalplan_v1_RecordBatchResponse__Output>): grpc.ClientUnaryCall;
  
  RecordFrontendEvent(argument: _evalplan_v1_RecordFrontendEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  RecordFrontendEvent(argument: _evalplan_v1_RecordFrontendEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  RecordFrontendEvent(argument: _evalplan_v1_RecordFrontendEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  RecordFrontendEvent(argument: _evalplan_v1_RecordFrontendEventRequest, callback: grpc.requestCallback<_evalplan_v1_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  recordFrontendEvent(argument: _evalplan_v1_RecordFrontendEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  recordFrontendEvent(argument: _evalplan_v1_RecordFrontendEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  recordFrontendEvent(argument: _evalplan_v1_RecordFrontendEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  recordFrontendEvent(argument: _evalplan_v1_RecordFrontendEventRequest, callback: grpc.requestCallback<_evalplan_v1_RecordFrontendEventResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface ActivityServiceHandlers extends grpc.UntypedServiceImplementation {
  RecordBatch: grpc.handleUnaryCall<_evalplan_v1_RecordBatchRequest__Output, _evalplan_v1_RecordBatchResponse>;
  
  RecordFrontendEvent: grpc.handleUnaryCall<_evalplan_v1_RecordFrontendEventRequest__Output, _evalplan_v1_RecordFrontendEventResponse>;
  
}

export interface ActivityServiceDefinition extends grpc.ServiceDefinition {
  RecordBatch: MethodDefinition<_evalplan_v1_RecordBatchRequest, _evalplan_v1_RecordBatchResponse, _evalplan_v1_RecordBatchRequest__Output, _evalplan_v1_RecordBatchResponse__Output>
  RecordFrontendEvent: MethodDefinition<_evalplan_v1_RecordFrontendEventRequest, _evalplan_v1_RecordFrontendEventResponse, _evalplan_v1_RecordFrontendEventRequest__Output, _evalplan_v1_RecordFrontendEventResponse__Output>
}
