// Original file: evalplan/v1/pdf.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DeletePdfsRequest as _evalplan_v1_DeletePdfsRequest, DeletePdfsRequest__Output as _evalplan_v1_DeletePdfsRequest__Output } from '../../evalplan/v1/DeletePdfsRequest';
import type { DeletePdfsResponse as _evalplan_v1_DeletePdfsResponse, DeletePdfsResponse__Output as _evalplan_v1_DeletePdfsResponse__Output } from '../../evalplan/v1/DeletePdfsResponse';
import type { GeneratePdfRequest as _evalplan_v1_GeneratePdfRequest, GeneratePdfRequest__Output as _evalplan_v1_GeneratePdfRequest__Output } from '../../evalplan/v1/GeneratePdfRequest';
import type { GeneratePdfResponse as _evalplan_v1_GeneratePdfResponse, GeneratePdfResponse__Output as _evalplan_v1_GeneratePdfResponse__Output } from '../../evalplan/v1/GeneratePdfResponse';
import type { PdfChunk as _evalplan_v1_PdfChunk, PdfChunk__Output as _evalplan_v1_PdfChunk__Output } from '../../evalplan/v1/PdfChunk';
import type { ReadPdfRequest as _evalplan_v1_ReadPdfRequest, ReadPdfRequest__Output as _evalplan_v1_ReadPdfRequest__Output } from '../../evalplan/v1/ReadPdfRequest';

export interface PdfServiceClient extends grpc.Client {
  DeletePdfs(argument: _evalplan_v1_DeletePdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  DeletePdfs(argument: _evalplan_v1_DeletePdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  DeletePdfs(argument: _evalplan_v1_DeletePdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  DeletePdfs(argument: _evalplan_v1_DeletePdfsRequest, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v1_DeletePdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v1_DeletePdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v1_DeletePdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v1_DeletePdfsRequest, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  
  GeneratePdf(argument: _evalplan_v1_GeneratePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  GeneratePdf(argument: _evalplan_v1_GeneratePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  GeneratePdf(argument: _evalplan_v1_GeneratePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  GeneratePdf(argument: _evalplan_v1_GeneratePdfRequest, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v1_GeneratePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v1_GeneratePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v1_GeneratePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v1_GeneratePdfRequest, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  
  ReadPdf(argument: _evalplan_v1_ReadPdfRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_PdfChunk__Output>;
  ReadPdf(argument: _evalplan_v1_ReadPdfRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_PdfChunk__Output>;
  readPdf(argument: _evalplan_v1_ReadPdfRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_PdfChunk__Output>;
  readPdf(argument: _evalplan_v1_ReadPdfRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_PdfChunk__Output>;
  
}

export interface PdfServiceHandlers extends grpc.UntypedServiceImplementation {
  DeletePdfs: grpc.handleUnaryCall<_evalplan_v1_DeletePdfsRequest__Output, _evalplan_v1_DeletePdfsResponse>;
  
  GeneratePdf: grpc.handleUnaryCall<_evalplan_v1_GeneratePdfRequest__Output, _evalplan_v1_GeneratePdfResponse>;
  
  ReadPdf: grpc.handleServerStreamingCall<_evalplan_v1_ReadPdfRequest__Output, _evalplan_v1_PdfChunk>;
  
}

export interface PdfServiceDefinition extends grpc.ServiceDefinition {
  DeletePdfs: MethodDefinition<_evalplan_v1_DeletePdfsRequest, _evalplan_v1_DeletePdfsResponse, _evalplan_v1_DeletePdfsRequest__Output, _evalplan_v1_DeletePdfsResponse__Output>
  GeneratePdf: MethodDefinition<_evalplan_v1_GeneratePdfRequest, _evalplan_v1_GeneratePdfResponse, _evalplan_v1_GeneratePdfRequest__Output, _evalplan_v1_GeneratePdfResponse__Output>
  ReadPdf: MethodDefinition<_evalplan_v1_ReadPdfRequest, _evalplan_v1_PdfChunk, _evalplan_v1_ReadPdfRequest__Output, _evalplan_v1_PdfChunk__Output>
}
