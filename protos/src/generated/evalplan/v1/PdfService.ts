// Original file: evalplan/v1/pdf.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CheckRenderRequest as _evalplan_v1_CheckRenderRequest, CheckRenderRequest__Output as _evalplan_v1_CheckRenderRequest__Output } from '../../evalplan/v1/CheckRenderRequest';
import type { CheckRenderResponse as _evalplan_v1_CheckRenderResponse, CheckRenderResponse__Output as _evalplan_v1_CheckRenderResponse__Output } from '../../evalplan/v1/CheckRenderResponse';
import type { DeletePdfRequest as _evalplan_v1_DeletePdfRequest, DeletePdfRequest__Output as _evalplan_v1_DeletePdfRequest__Output } from '../../evalplan/v1/DeletePdfRequest';
import type { DeletePdfResponse as _evalplan_v1_DeletePdfResponse, DeletePdfResponse__Output as _evalplan_v1_DeletePdfResponse__Output } from '../../evalplan/v1/DeletePdfResponse';
import type { DeletePdfsRequest as _evalplan_v1_DeletePdfsRequest, DeletePdfsRequest__Output as _evalplan_v1_DeletePdfsRequest__Output } from '../../evalplan/v1/DeletePdfsRequest';
import type { DeletePdfsResponse as _evalplan_v1_DeletePdfsResponse, DeletePdfsResponse__Output as _evalplan_v1_DeletePdfsResponse__Output } from '../../evalplan/v1/DeletePdfsResponse';
import type { ListPdfFoldersRequest as _evalplan_v1_ListPdfFoldersRequest, ListPdfFoldersRequest__Output as _evalplan_v1_ListPdfFoldersRequest__Output } from '../../evalplan/v1/ListPdfFoldersRequest';
import type { ListPdfFoldersResponse as _evalplan_v1_ListPdfFoldersResponse, ListPdfFoldersResponse__Output as _evalplan_v1_ListPdfFoldersResponse__Output } from '../../evalplan/v1/ListPdfFoldersResponse';
import type { ListPdfsRequest as _evalplan_v1_ListPdfsRequest, ListPdfsRequest__Output as _evalplan_v1_ListPdfsRequest__Output } from '../../evalplan/v1/ListPdfsRequest';
import type { ListPdfsResponse as _evalplan_v1_ListPdfsResponse, ListPdfsResponse__Output as _evalplan_v1_ListPdfsResponse__Output } from '../../evalplan/v1/ListPdfsResponse';
import type { PdfChunk as _evalplan_v1_PdfChunk, PdfChunk__Output as _evalplan_v1_PdfChunk__Output } from '../../evalplan/v1/PdfChunk';
import type { ReadPdfRequest as _evalplan_v1_ReadPdfRequest, ReadPdfRequest__Output as _evalplan_v1_ReadPdfRequest__Output } from '../../evalplan/v1/ReadPdfRequest';
import type { RenderPlanRequest as _evalplan_v1_RenderPlanRequest, RenderPlanRequest__Output as _evalplan_v1_RenderPlanRequest__Output } from '../../evalplan/v1/RenderPlanRequest';
import type { RenderPlanResponse as _evalplan_v1_RenderPlanResponse, RenderPlanResponse__Output as _evalplan_v1_RenderPlanResponse__Output } from '../../evalplan/v1/RenderPlanResponse';

export interface PdfServiceClient extends grpc.Client {
  CheckRender(argument: _evalplan_v1_CheckRenderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  CheckRender(argument: _evalplan_v1_CheckRenderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  CheckRender(argument: _evalplan_v1_CheckRenderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  CheckRender(argument: _evalplan_v1_CheckRenderRequest, callback: grpc.requestCallback<_evalplan_v1_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  checkRender(argument: _evalplan_v1_CheckRenderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  checkRender(argument: _evalplan_v1_CheckRenderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  checkRender(argument: _evalplan_v1_CheckRenderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  checkRender(argument: _evalplan_v1_CheckRenderRequest, callback: grpc.requestCallback<_evalplan_v1_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  
  DeletePdf(argument: _evalplan_v1_DeletePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  DeletePdf(argument: _evalplan_v1_DeletePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  DeletePdf(argument: _evalplan_v1_DeletePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  DeletePdf(argument: _evalplan_v1_DeletePdfRequest, callback: grpc.requestCallback<_evalplan_v1_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  deletePdf(argument: _evalplan_v1_DeletePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  deletePdf(argument: _evalplan_v1_DeletePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  deletePdf(argument: _evalplan_v1_DeletePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  deletePdf(argument: _evalplan_v1_DeletePdfRequest, callback: grpc.requestCallback<_evalplan_v1_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  
  DeletePdfs(argument: _evalplan_v1_DeletePdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  DeletePdfs(argument: _evalplan_v1_DeletePdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  DeletePdfs(argument: _evalplan_v1_DeletePdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  DeletePdfs(argument: _evalplan_v1_DeletePdfsRequest, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v1_DeletePdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v1_DeletePdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v1_DeletePdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v1_DeletePdfsRequest, callback: grpc.requestCallback<_evalplan_v1_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  
  ListPdfFolders(argument: _evalplan_v1_ListPdfFoldersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  ListPdfFolders(argument: _evalplan_v1_ListPdfFoldersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  ListPdfFolders(argument: _evalplan_v1_ListPdfFoldersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  ListPdfFolders(argument: _evalplan_v1_ListPdfFoldersRequest, callback: grpc.requestCallback<_evalplan_v1_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  listPdfFolders(argument: _evalplan_v1_ListPdfFoldersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  listPdfFolders(argument: _evalplan_v1_ListPdfFoldersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  listPdfFolders(argument: _evalplan_v1_ListPdfFoldersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  listPdfFolders(argument: _evalplan_v1_ListPdfFoldersRequest, callback: grpc.requestCallback<_evalplan_v1_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  
  ListPdfs(argument: _evalplan_v1_ListPdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListPdfs(argument: _evalplan_v1_ListPdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListPdfs(argument: _evalplan_v1_ListPdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListPdfs(argument: _evalplan_v1_ListPdfsRequest, callback: grpc.requestCallback<_evalplan_v1_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  listPdfs(argument: _evalplan_v1_ListPdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  listPdfs(argument: _evalplan_v1_ListPdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  listPdfs(argument: _evalplan_v1_ListPdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  listPdfs(argument: _evalplan_v1_ListPdfsRequest, callback: grpc.requestCallback<_evalplan_v1_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  
  ReadPdf(argument: _evalplan_v1_ReadPdfRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_PdfChunk__Output>;
  ReadPdf(argument: _evalplan_v1_ReadPdfRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_PdfChunk__Output>;
  readPdf(argument: _evalplan_v1_ReadPdfRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_PdfChunk__Output>;
  readPdf(argument: _evalplan_v1_ReadPdfRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_PdfChunk__Output>;
  
  RenderPlan(argument: _evalplan_v1_RenderPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  RenderPlan(argument: _evalplan_v1_RenderPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  RenderPlan(argument: _evalplan_v1_RenderPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  RenderPlan(argument: _evalplan_v1_RenderPlanRequest, callback: grpc.requestCallback<_evalplan_v1_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  renderPlan(argument: _evalplan_v1_RenderPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  renderPlan(argument: _evalplan_v1_RenderPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  renderPlan(argument: _evalplan_v1_RenderPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  renderPlan(argument: _evalplan_v1_RenderPlanRequest, callback: grpc.requestCallback<_evalplan_v1_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface PdfServiceHandlers extends grpc.UntypedServiceImplementation {
  CheckRender: grpc.handleUnaryCall<_evalplan_v1_CheckRenderRequest__Output, _evalplan_v1_CheckRenderResponse>;
  
  DeletePdf: grpc.handleUnaryCall<_evalplan_v1_DeletePdfRequest__Output, _evalplan_v1_DeletePdfResponse>;
  
  DeletePdfs: grpc.handleUnaryCall<_evalplan_v1_DeletePdfsRequest__Output, _evalplan_v1_DeletePdfsResponse>;
  
  ListPdfFolders: grpc.handleUnaryCall<_evalplan_v1_ListPdfFoldersRequest__Output, _evalplan_v1_ListPdfFoldersResponse>;
  
  ListPdfs: grpc.handleUnaryCall<_evalplan_v1_ListPdfsRequest__Output, _evalplan_v1_ListPdfsResponse>;
  
  ReadPdf: grpc.handleServerStreamingCall<_evalplan_v1_ReadPdfRequest__Output, _evalplan_v1_PdfChunk>;
  
  RenderPlan: grpc.handleUnaryCall<_evalplan_v1_RenderPlanRequest__Output, _evalplan_v1_RenderPlanResponse>;
  
}

export interface PdfServiceDefinition extends grpc.ServiceDefinition {
  CheckRender: MethodDefinition<_evalplan_v1_CheckRenderRequest, _evalplan_v1_CheckRenderResponse, _evalplan_v1_CheckRenderRequest__Output, _evalplan_v1_CheckRenderResponse__Output>
  DeletePdf: MethodDefinition<_evalplan_v1_DeletePdfRequest, _evalplan_v1_DeletePdfResponse, _evalplan_v1_DeletePdfRequest__Output, _evalplan_v1_DeletePdfResponse__Output>
  DeletePdfs: MethodDefinition<_evalplan_v1_DeletePdfsRequest, _evalplan_v1_DeletePdfsResponse, _evalplan_v1_DeletePdfsRequest__Output, _evalplan_v1_DeletePdfsResponse__Output>
  ListPdfFolders: MethodDefinition<_evalplan_v1_ListPdfFoldersRequest, _evalplan_v1_ListPdfFoldersResponse, _evalplan_v1_ListPdfFoldersRequest__Output, _evalplan_v1_ListPdfFoldersResponse__Output>
  ListPdfs: MethodDefinition<_evalplan_v1_ListPdfsRequest, _evalplan_v1_ListPdfsResponse, _evalplan_v1_ListPdfsRequest__Output, _evalplan_v1_ListPdfsResponse__Output>
  ReadPdf: MethodDefinition<_evalplan_v1_ReadPdfRequest, _evalplan_v1_PdfChunk, _evalplan_v1_ReadPdfRequest__Output, _evalplan_v1_PdfChunk__Output>
  RenderPlan: MethodDefinition<_evalplan_v1_RenderPlanRequest, _evalplan_v1_RenderPlanResponse, _evalplan_v1_RenderPlanRequest__Output, _evalplan_v1_RenderPlanResponse__Output>
}
