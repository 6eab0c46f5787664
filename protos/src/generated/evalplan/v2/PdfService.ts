// Original file: evalplan/v2/pdf.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CheckRenderRequest as _evalplan_v2_CheckRenderRequest, CheckRenderRequest__Output as _evalplan_v2_CheckRenderRequest__Output } from '../../evalplan/v2/CheckRenderRequest';
import type { CheckRenderResponse as _evalplan_v2_CheckRenderResponse, CheckRenderResponse__Output as _evalplan_v2_CheckRenderResponse__Output } from '../../evalplan/v2/CheckRenderResponse';
import type { DeletePdfRequest as _evalplan_v2_DeletePdfRequest, DeletePdfRequest__Output as _evalplan_v2_DeletePdfRequest__Output } from '../../evalplan/v2/DeletePdfRequest';
import type { DeletePdfResponse as _evalplan_v2_DeletePdfResponse, DeletePdfResponse__Output as _evalplan_v2_DeletePdfResponse__Output } from '../../evalplan/v2/DeletePdfResponse';
import type { DeletePdfsRequest as _evalplan_v2_DeletePdfsRequest, DeletePdfsRequest__Output as _evalplan_v2_DeletePdfsRequest__Output } from '../../evalplan/v2/DeletePdfsRequest';
import type { DeletePdfsResponse as _evalplan_v2_DeletePdfsResponse, DeletePdfsResponse__Output as _evalplan_v2_DeletePdfsResponse__Output } from '../../evalplan/v2/DeletePdfsResponse';
import type { ExportPlanRequest as _evalplan_v2_ExportPlanRequest, ExportPlanRequest__Output as _evalplan_v2_ExportPlanRequest__Output } from '../../evalplan/v2/ExportPlanRequest';
import type { ExportedPlan as _evalplan_v2_ExportedPlan, ExportedPlan__Output as _evalplan_v2_ExportedPlan__Output } from '../../evalplan/v2/ExportedPlan';
import type { ListPdfFoldersRequest as _evalplan_v2_ListPdfFoldersRequest, ListPdfFoldersRequest__Output as _evalplan_v2_ListPdfFoldersRequest__Output } from '../../evalplan/v2/ListPdfFoldersRequest';
import type { ListPdfFoldersResponse as _evalplan_v2_ListPdfFoldersResponse, ListPdfFoldersResponse__Output as _evalplan_v2_ListPdfFoldersResponse__Output } from '../../evalplan/v2/ListPdfFoldersResponse';
import type { ListPdfsRequest as _evalplan_v2_ListPdfsRequest, ListPdfsRequest__Output as _evalplan_v2_ListPdfsRequest__Output } from '../../evalplan/v2/ListPdfsRequest';
import type { ListPdfsResponse as _evalplan_v2_ListPdfsResponse, ListPdfsResponse__Output as _evalplan_v2_ListPdfsResponse__Output } from '../../evalplan/v2/ListPdfsResponse';
import type { PdfChunk as _evalplan_v2_PdfChunk, PdfChunk__Output as _evalplan_v2_PdfChunk__Output } from '../../evalplan/v2/PdfChunk';
import type { ReadPdfRequest as _evalplan_v2_ReadPdfRequest, ReadPdfRequest__Output as _evalplan_v2_ReadPdfRequest__Output } from '../../evalplan/v2/ReadPdfRequest';
import type { RenderPlanRequest as _evalplan_v2_RenderPlanRequest, RenderPlanRequest__Output as _evalplan_v2_RenderPlanRequest__Output } from '../../evalplan/v2/RenderPlanRequest';
import type { RenderPlanResponse as _evalplan_v2_RenderPlanResponse, RenderPlanResponse__Output as _evalplan_v2_RenderPlanResponse__Output } from '../../evalplan/v2/RenderPlanResponse';

export interface PdfServiceClient extends grpc.Client {
  CheckRender(argument: _evalplan_v2_CheckRenderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  CheckRender(argument: _evalplan_v2_CheckRenderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  CheckRender(argument: _evalplan_v2_CheckRenderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  CheckRender(argument: _evalplan_v2_CheckRenderRequest, callback: grpc.requestCallback<_evalplan_v2_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  checkRender(argument: _evalplan_v2_CheckRenderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  checkRender(argument: _evalplan_v2_CheckRenderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  checkRender(argument: _evalplan_v2_CheckRenderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  checkRender(argument: _evalplan_v2_CheckRenderRequest, callback: grpc.requestCallback<_evalplan_v2_CheckRenderResponse__Output>): grpc.ClientUnaryCall;
  
  DeletePdf(argument: _evalplan_v2_DeletePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  DeletePdf(argument: _evalplan_v2_DeletePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  DeletePdf(argument: _evalplan_v2_DeletePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  DeletePdf(argument: _evalplan_v2_DeletePdfRequest, callback: grpc.requestCallback<_evalplan_v2_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  deletePdf(argument: _evalplan_v2_DeletePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  deletePdf(argument: _evalplan_v2_DeletePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  deletePdf(argument: _evalplan_v2_DeletePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  deletePdf(argument: _evalplan_v2_DeletePdfRequest, callback: grpc.requestCallback<_evalplan_v2_DeletePdfResponse__Output>): grpc.ClientUnaryCall;
  
  DeletePdfs(argument: _evalplan_v2_DeletePdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  DeletePdfs(argument: _evalplan_v2_DeletePdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  DeletePdfs(argument: _evalplan_v2_DeletePdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  DeletePdfs(argument: _evalplan_v2_DeletePdfsRequest, callback: grpc.requestCallback<_evalplan_v2_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v2_DeletePdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v2_DeletePdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v2_DeletePdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  deletePdfs(argument: _evalplan_v2_DeletePdfsRequest, callback: grpc.requestCallback<_evalplan_v2_DeletePdfsResponse__Output>): grpc.ClientUnaryCall;
  
  ExportPlan(argument: _evalplan_v2_ExportPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ExportedPlan__Output>): grpc.ClientUnaryCall;
  ExportPlan(argument: _evalplan_v2_ExportPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ExportedPlan__Output>): grpc.ClientUnaryCall;
  ExportPlan(argument: _evalplan_v2_ExportPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ExportedPlan__Output>): grpc.ClientUnaryCall;
  ExportPlan(argument: _evalplan_v2_ExportPlanRequest, callback: grpc.requestCallback<_evalplan_v2_ExportedPlan__Output>): grpc.ClientUnaryCall;
  exportPlan(argument: _evalplan_v2_ExportPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ExportedPlan__Output>): grpc.ClientUnaryCall;
  exportPlan(argument: _evalplan_v2_ExportPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ExportedPlan__Output>): grpc.ClientUnaryCall;
  exportPlan(argument: _evalplan_v2_ExportPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ExportedPlan__Output>): grpc.ClientUnaryCall;
  exportPlan(argument: _evalplan_v2_ExportPlanRequest, callback: grpc.requestCallback<_evalplan_v2_ExportedPlan__Output>): grpc.ClientUnaryCall;
  
  ListPdfFolders(argument: _evalplan_v2_ListPdfFoldersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  ListPdfFolders(argument: _evalplan_v2_ListPdfFoldersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  ListPdfFolders(argument: _evalplan_v2_ListPdfFoldersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  ListPdfFolders(argument: _evalplan_v2_ListPdfFoldersRequest, callback: grpc.requestCallback<_evalplan_v2_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  listPdfFolders(argument: _evalplan_v2_ListPdfFoldersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  listPdfFolders(argument: _evalplan_v2_ListPdfFoldersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  listPdfFolders(argument: _evalplan_v2_ListPdfFoldersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  listPdfFolders(argument: _evalplan_v2_ListPdfFoldersRequest, callback: grpc.requestCallback<_evalplan_v2_ListPdfFoldersResponse__Output>): grpc.ClientUnaryCall;
  
  ListPdfs(argument: _evalplan_v2_ListPdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListPdfs(argument: _evalplan_v2_ListPdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListPdfs(argument: _evalplan_v2_ListPdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListPdfs(argument: _evalplan_v2_ListPdfsRequest, callback: grpc.requestCallback<_evalplan_v2_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  listPdfs(argument: _evalplan_v2_ListPdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  listPdfs(argument: _evalplan_v2_ListPdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  listPdfs(argument: _evalplan_v2_ListPdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  listPdfs(argument: _evalplan_v2_ListPdfsRequest, callback: grpc.requestCallback<_evalplan_v2_ListPdfsResponse__Output>): grpc.ClientUnaryCall;
  
  ReadPdf(argument: _evalplan_v2_ReadPdfRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_PdfChunk__Output>;
  ReadPdf(argument: _evalplan_v2_ReadPdfRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_PdfChunk__Output>;
  readPdf(argument: _evalplan_v2_ReadPdfRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_PdfChunk__Output>;
  readPdf(argument: _evalplan_v2_ReadPdfRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_PdfChunk__Output>;
  
  RenderPlan(argument: _evalplan_v2_RenderPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  RenderPlan(argument: _evalplan_v2_RenderPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  RenderPlan(argument: _evalplan_v2_RenderPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  RenderPlan(argument: _evalplan_v2_RenderPlanRequest, callback: grpc.requestCallback<_evalplan_v2_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  renderPlan(argument: _evalplan_v2_RenderPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  renderPlan(argument: _evalplan_v2_RenderPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  renderPlan(argument: _evalplan_v2_RenderPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  renderPlan(argument: _evalplan_v2_RenderPlanRequest, callback: grpc.requestCallback<_evalplan_v2_RenderPlanResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface PdfServiceHandlers extends grpc.UntypedServiceImplementation {
  CheckRender: grpc.handleUnaryCall<_evalplan_v2_CheckRenderRequest__Output, _evalplan_v2_CheckRenderResponse>;
  
  DeletePdf: grpc.handleUnaryCall<_evalplan_v2_DeletePdfRequest__Output, _evalplan_v2_DeletePdfResponse>;
  
  DeletePdfs: grpc.handleUnaryCall<_evalplan_v2_DeletePdfsRequest__Output, _evalplan_v2_DeletePdfsResponse>;
  
  ExportPlan: grpc.handleUnaryCall<_evalplan_v2_ExportPlanRequest__Output, _evalplan_v2_ExportedPlan>;
  
  ListPdfFolders: grpc.handleUnaryCall<_evalplan_v2_ListPdfFoldersRequest__Output, _evalplan_v2_ListPdfFoldersResponse>;
  
  ListPdfs: grpc.handleUnaryCall<_evalplan_v2_ListPdfsRequest__Output, _evalplan_v2_ListPdfsResponse>;
  
  ReadPdf: grpc.handleServerStreamingCall<_evalplan_v2_ReadPdfRequest__Output, _evalplan_v2_PdfChunk>;
  
  RenderPlan: grpc.handleUnaryCall<_evalplan_v2_RenderPlanRequest__Output, _evalplan_v2_RenderPlanResponse>;
  
}

export interface PdfServiceDefinition extends grpc.ServiceDefinition {
  CheckRender: MethodDefinition<_evalplan_v2_CheckRenderRequest, _evalplan_v2_CheckRenderResponse, _evalplan_v2_CheckRenderRequest__Output, _evalplan_v2_CheckRenderResponse__Output>
  DeletePdf: MethodDefinition<_evalplan_v2_DeletePdfRequest, _evalplan_v2_DeletePdfResponse, _evalplan_v2_DeletePdfRequest__Output, _evalplan_v2_DeletePdfResponse__Output>
  DeletePdfs: MethodDefinition<_evalplan_v2_DeletePdfsRequest, _evalplan_v2_DeletePdfsResponse, _evalplan_v2_DeletePdfsRequest__Output, _evalplan_v2_DeletePdfsResponse__Output>
  ExportPlan: MethodDefinition<_evalplan_v2_ExportPlanRequest, _evalplan_v2_ExportedPlan, _evalplan_v2_ExportPlanRequest__Output, _evalplan_v2_ExportedPlan__Output>
  ListPdfFolders: MethodDefinition<_evalplan_v2_ListPdfFoldersRequest, _evalplan_v2_ListPdfFoldersResponse, _evalplan_v2_ListPdfFoldersRequest__Output, _evalplan_v2_ListPdfFoldersResponse__Output>
  ListPdfs: MethodDefinition<_evalplan_v2_ListPdfsRequest, _evalplan_v2_ListPdfsResponse, _evalplan_v2_ListPdfsRequest__Output, _evalplan_v2_ListPdfsResponse__Output>
  ReadPdf: MethodDefinition<_evalplan_v2_ReadPdfRequest, _evalplan_v2_PdfChunk, _evalplan_v2_ReadPdfRequest__Output, _evalplan_v2_PdfChunk__Output>
  RenderPlan: MethodDefinition<_evalplan_v2_RenderPlanRequest, _evalplan_v2_RenderPlanResponse, _evalplan_v2_RenderPlanRequest__Output, _evalplan_v2_RenderPlanResponse__Output>
}
