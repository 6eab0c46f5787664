import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CheckRenderRequest as _evalplan_v1_CheckRenderRequest, CheckRenderRequest__Output as _evalplan_v1_CheckRenderRequest__Output } from './evalplan/v1/CheckRenderRequest';
import type { CheckRenderResponse as _evalplan_v1_CheckRenderResponse, CheckRenderResponse__Output as _evalplan_v1_CheckRenderResponse__Output } from './evalplan/v1/CheckRenderResponse';
import type { CustomConstruct as _evalplan_v1_CustomConstruct, CustomConstruct__Output as _evalplan_v1_CustomConstruct__Output } from './evalplan/v1/CustomConstruct';
import type { DeletePdfRequest as _evalplan_v1_DeletePdfRequest, DeletePdfRequest__Output as _evalplan_v1_DeletePdfRequest__Output } from './evalplan/v1/DeletePdfRequest';
import type { DeletePdfResponse as _evalplan_v1_DeletePdfResponse, DeletePdfResponse__Output as _evalplan_v1_DeletePdfResponse__Output } from './evalplan/v1/DeletePdfResponse';
import type { DeletePdfsRequest as _evalplan_v1_DeletePdfsRequest, DeletePdfsRequest__Output as _evalplan_v1_DeletePdfsRequest__Output } from './evalplan/v1/DeletePdfsRequest';
import type { DeletePdfsResponse as _evalplan_v1_DeletePdfsResponse, DeletePdfsResponse__Output as _evalplan_v1_DeletePdfsResponse__Output } from './evalplan/v1/DeletePdfsResponse';
import type { EmailResult as _evalplan_v1_EmailResult, EmailResult__Output as _evalplan_v1_EmailResult__Output } from './evalplan/v1/EmailResult';
import type { GoalCategory as _evalplan_v1_GoalCategory, GoalCategory__Output as _evalplan_v1_GoalCategory__Output } from './evalplan/v1/GoalCategory';
import type { ListPdfFoldersRequest as _evalplan_v1_ListPdfFoldersRequest, ListPdfFoldersRequest__Output as _evalplan_v1_ListPdfFoldersRequest__Output } from './evalplan/v1/ListPdfFoldersRequest';
import type { ListPdfFoldersResponse as _evalplan_v1_ListPdfFoldersResponse, ListPdfFoldersResponse__Output as _evalplan_v1_ListPdfFoldersResponse__Output } from './evalplan/v1/ListPdfFoldersResponse';
import type { ListPdfsRequest as _evalplan_v1_ListPdfsRequest, ListPdfsRequest__Output as _evalplan_v1_ListPdfsRequest__Output } from './evalplan/v1/ListPdfsRequest';
import type { ListPdfsResponse as _evalplan_v1_ListPdfsResponse, ListPdfsResponse__Output as _evalplan_v1_ListPdfsResponse__Output } from './evalplan/v1/ListPdfsResponse';
import type { MailNotSentReason as _evalplan_v1_MailNotSentReason, MailNotSentReason__Output as _evalplan_v1_MailNotSentReason__Output } from './evalplan/v1/MailNotSentReason';
import type { PdfChunk as _evalplan_v1_PdfChunk, PdfChunk__Output as _evalplan_v1_PdfChunk__Output } from './evalplan/v1/PdfChunk';
import type { PdfServiceClient as _evalplan_v1_PdfServiceClient, PdfServiceDefinition as _evalplan_v1_PdfServiceDefinition } from './evalplan/v1/PdfService';
import type { PlanDocument as _evalplan_v1_PlanDocument, PlanDocument__Output as _evalplan_v1_PlanDocument__Output } from './evalplan/v1/PlanDocument';
import type { PlanItem as _evalplan_v1_PlanItem, PlanItem__Output as _evalplan_v1_PlanItem__Output } from './evalplan/v1/PlanItem';
import type { ReadPdfRequest as _evalplan_v1_ReadPdfRequest, ReadPdfRequest__Output as _evalplan_v1_ReadPdfRequest__Output } from './evalplan/v1/ReadPdfRequest';
import type { RenderPlanRequest as _evalplan_v1_RenderPlanRequest, RenderPlanRequest__Output as _evalplan_v1_RenderPlanRequest__Output } from './evalplan/v1/RenderPlanRequest';
import type { RenderPlanResponse as _evalplan_v1_RenderPlanResponse, RenderPlanResponse__Output as _evalplan_v1_RenderPlanResponse__Output } from './evalplan/v1/RenderPlanResponse';
import type { StoredPdf as _evalplan_v1_StoredPdf, StoredPdf__Output as _evalplan_v1_StoredPdf__Output } from './evalplan/v1/StoredPdf';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  evalplan: {
    v1: {
      CheckRenderRequest: MessageTypeDefinition<_evalplan_v1_CheckRenderRequest, _evalplan_v1_CheckRenderRequest__Output>
      CheckRenderResponse: MessageTypeDefinition<_evalplan_v1_CheckRenderResponse, _evalplan_v1_CheckRenderResponse__Output>
      CustomConstruct: MessageTypeDefinition<_evalplan_v1_CustomConstruct, _evalplan_v1_CustomConstruct__Output>
      DeletePdfRequest: MessageTypeDefinition<_evalplan_v1_DeletePdfRequest, _evalplan_v1_DeletePdfRequest__Output>
      DeletePdfResponse: MessageTypeDefinition<_evalplan_v1_DeletePdfResponse, _evalplan_v1_DeletePdfResponse__Output>
      DeletePdfsRequest: MessageTypeDefinition<_evalplan_v1_DeletePdfsRequest, _evalplan_v1_DeletePdfsRequest__Output>
      DeletePdfsResponse: MessageTypeDefinition<_evalplan_v1_DeletePdfsResponse, _evalplan_v1_DeletePdfsResponse__Output>
      EmailResult: MessageTypeDefinition<_evalplan_v1_EmailResult, _evalplan_v1_EmailResult__Output>
      GoalCategory: MessageTypeDefinition<_evalplan_v1_GoalCategory, _evalplan_v1_GoalCategory__Output>
      ListPdfFoldersRequest: MessageTypeDefinition<_evalplan_v1_ListPdfFoldersRequest, _evalplan_v1_ListPdfFoldersRequest__Output>
      ListPdfFoldersResponse: MessageTypeDefinition<_evalplan_v1_ListPdfFoldersResponse, _evalplan_v1_ListPdfFoldersResponse__Output>
      ListPdfsRequest: MessageTypeDefinition<_evalplan_v1_ListPdfsRequest, _evalplan_v1_ListPdfsRequest__Output>
      ListPdfsResponse: MessageTypeDefinition<_evalplan_v1_ListPdfsResponse, _evalplan_v1_ListPdfsResponse__Output>
      MailNotSentReason: MessageTypeDefinition<_evalplan_v1_MailNotSentReason, _evalplan_v1_MailNotSentReason__Output>
      PdfChunk: MessageTypeDefinition<_evalplan_v1_PdfChunk, _evalplan_v1_PdfChunk__Output>
      PdfService: SubtypeConstructor<typeof grpc.Client, _evalplan_v1_PdfServiceClient> & { service: _evalplan_v1_PdfServiceDefinition }
      PlanDocument: MessageTypeDefinition<_evalplan_v1_PlanDocument, _evalplan_v1_PlanDocument__Output>
      PlanItem: MessageTypeDefinition<_evalplan_v1_PlanItem, _evalplan_v1_PlanItem__Output>
      ReadPdfRequest: MessageTypeDefinition<_evalplan_v1_ReadPdfRequest, _evalplan_v1_ReadPdfRequest__Output>
      RenderPlanRequest: MessageTypeDefinition<_evalplan_v1_RenderPlanRequest, _evalplan_v1_RenderPlanRequest__Output>
      RenderPlanResponse: MessageTypeDefinition<_evalplan_v1_RenderPlanResponse, _evalplan_v1_RenderPlanResponse__Output>
      StoredPdf: MessageTypeDefinition<_evalplan_v1_StoredPdf, _evalplan_v1_StoredPdf__Output>
    }
  }
}

