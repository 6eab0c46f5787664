import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { CheckRenderRequest as _evalplan_v2_CheckRenderRequest, CheckRenderRequest__Output as _evalplan_v2_CheckRenderRequest__Output } from './evalplan/v2/CheckRenderRequest';
import type { CheckRenderResponse as _evalplan_v2_CheckRenderResponse, CheckRenderResponse__Output as _evalplan_v2_CheckRenderResponse__Output } from './evalplan/v2/CheckRenderResponse';
import type { CustomConstruct as _evalplan_v2_CustomConstruct, CustomConstruct__Output as _evalplan_v2_CustomConstruct__Output } from './evalplan/v2/CustomConstruct';
import type { DeletePdfRequest as _evalplan_v2_DeletePdfRequest, DeletePdfRequest__Output as _evalplan_v2_DeletePdfRequest__Output } from './evalplan/v2/DeletePdfRequest';
import type { DeletePdfResponse as _evalplan_v2_DeletePdfResponse, DeletePdfResponse__Output as _evalplan_v2_DeletePdfResponse__Output } from './evalplan/v2/DeletePdfResponse';
import type { DeletePdfsRequest as _evalplan_v2_DeletePdfsRequest, DeletePdfsRequest__Output as _evalplan_v2_DeletePdfsRequest__Output } from './evalplan/v2/DeletePdfsRequest';
import type { DeletePdfsResponse as _evalplan_v2_DeletePdfsResponse, DeletePdfsResponse__Output as _evalplan_v2_DeletePdfsResponse__Output } from './evalplan/v2/DeletePdfsResponse';
import type { EmailResult as _evalplan_v2_EmailResult, EmailResult__Output as _evalplan_v2_EmailResult__Output } from './evalplan/v2/EmailResult';
import type { GoalCategory as _evalplan_v2_GoalCategory, GoalCategory__Output as _evalplan_v2_GoalCategory__Output } from './evalplan/v2/GoalCategory';
import type { ListPdfFoldersRequest as _evalplan_v2_ListPdfFoldersRequest, ListPdfFoldersRequest__Output as _evalplan_v2_ListPdfFoldersRequest__Output } from './evalplan/v2/ListPdfFoldersRequest';
import type { ListPdfFoldersResponse as _evalplan_v2_ListPdfFoldersResponse, ListPdfFoldersResponse__Output as _evalplan_v2_ListPdfFoldersResponse__Output } from './evalplan/v2/ListPdfFoldersResponse';
import type { ListPdfsRequest as _evalplan_v2_ListPdfsRequest, ListPdfsRequest__Output as _evalplan_v2_ListPdfsRequest__Output } from './evalplan/v2/ListPdfsRequest';
import type { ListPdfsResponse as _evalplan_v2_ListPdfsResponse, ListPdfsResponse__Output as _evalplan_v2_ListPdfsResponse__Output } from './evalplan/v2/ListPdfsResponse';
import type { MailNotSentReason as _evalplan_v2_MailNotSentReason, MailNotSentReason__Output as _evalplan_v2_MailNotSentReason__Output } from './evalplan/v2/MailNotSentReason';
import type { PdfChunk as _evalplan_v2_PdfChunk, PdfChunk__Output as _evalplan_v2_PdfChunk__Output } from './evalplan/v2/PdfChunk';
import type { PdfOptions as _evalplan_v2_PdfOptions, PdfOptions__Output as _evalplan_v2_PdfOptions__Output } from './evalplan/v2/PdfOptions';
import type { PdfServiceClient as _evalplan_v2_PdfServiceClient, PdfServiceDefinition as _evalplan_v2_PdfServiceDefinition } from './evalplan/v2/PdfService';
import type { PdfTemplate as _evalplan_v2_PdfTemplate, PdfTemplate__Output as _evalplan_v2_PdfTemplate__Output } from './evalplan/v2/PdfTemplate';
import type { PlanDocument as _evalplan_v2_PlanDocument, PlanDocument__Output as _evalplan_v2_PlanDocument__Output } from './evalplan/v2/PlanDocument';
import type { PlanItem as _evalplan_v2_PlanItem, PlanItem__Output as _evalplan_v2_PlanItem__Output } from './evalplan/v2/PlanItem';
import type { ReadPdfRequest as _evalplan_v2_ReadPdfRequest, ReadPdfRequest__Output as _evalplan_v2_ReadPdfRequest__Output } from './evalplan/v2/ReadPdfRequest';
import type { RenderPlanRequest as _evalplan_v2_RenderPlanRequest, RenderPlanRequest__Output as _evalplan_v2_RenderPlanRequest__Output } from './evalplan/v2/RenderPlanRequest';
import type { RenderPlanResponse as _evalplan_v2_RenderPlanResponse, RenderPlanResponse__Output as _evalplan_v2_RenderPlanResponse__Output } from './evalplan/v2/RenderPlanResponse';
import type { StoredPdf as _evalplan_v2_StoredPdf, StoredPdf__Output as _evalplan_v2_StoredPdf__Output } from './evalplan/v2/StoredPdf';
import type { ListValue as _google_protobuf_ListValue, ListValue__Output as _google_protobuf_ListValue__Output } from './google/protobuf/ListValue';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from './google/protobuf/Struct';
import type { Value as _google_protobuf_Value, Value__Output as _google_protobuf_Value__Output } from './google/protobuf/Value';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  evalplan: {
    v2: {
      CheckRenderRequest: MessageTypeDefinition<_evalplan_v2_CheckRenderRequest, _evalplan_v2_CheckRenderRequest__Output>
      CheckRenderResponse: MessageTypeDefinition<_evalplan_v2_CheckRenderResponse, _evalplan_v2_CheckRenderResponse__Output>
      CustomConstruct: MessageTypeDefinition<_evalplan_v2_CustomConstruct, _evalplan_v2_CustomConstruct__Output>
      DeletePdfRequest: MessageTypeDefinition<_evalplan_v2_DeletePdfRequest, _evalplan_v2_DeletePdfRequest__Output>
      DeletePdfResponse: MessageTypeDefinition<_evalplan_v2_DeletePdfResponse, _evalplan_v2_DeletePdfResponse__Output>
      DeletePdfsRequest: MessageTypeDefinition<_evalplan_v2_DeletePdfsRequest, _evalplan_v2_DeletePdfsRequest__Output>
      DeletePdfsResponse: MessageTypeDefinition<_evalplan_v2_DeletePdfsResponse, _evalplan_v2_DeletePdfsResponse__Output>
      EmailResult: MessageTypeDefinition<_evalplan_v2_EmailResult, _evalplan_v2_EmailResult__Output>
      GoalCategory: MessageTypeDefinition<_evalplan_v2_GoalCategory, _evalplan_v2_GoalCategory__Output>
      ListPdfFoldersRequest: MessageTypeDefinition<_evalplan_v2_ListPdfFoldersRequest, _evalplan_v2_ListPdfFoldersRequest__Output>
      ListPdfFoldersResponse: MessageTypeDefinition<_evalplan_v2_ListPdfFoldersResponse, _evalplan_v2_ListPdfFoldersResponse__Output>
      ListPdfsRequest: MessageTypeDefinition<_evalplan_v2_ListPdfsRequest, _evalplan_v2_ListPdfsRequest__Output>
      ListPdfsResponse: MessageTypeDefinition<_evalplan_v2_ListPdfsResponse, _evalplan_v2_ListPdfsResponse__Output>
      MailNotSentReason: MessageTypeDefinition<_evalplan_v2_MailNotSentReason, _evalplan_v2_MailNotSentReason__Output>
      PdfChunk: MessageTypeDefinition<_evalplan_v2_PdfChunk, _evalplan_v2_PdfChunk__Output>
      PdfOptions: MessageTypeDefinition<_evalplan_v2_PdfOptions, _evalplan_v2_PdfOptions__Output>
      PdfService: SubtypeConstructor<typeof grpc.Client, _evalplan_v2_PdfServiceClient> & { service: _evalplan_v2_PdfServiceDefinition }
      PdfTemplate: MessageTypeDefinition<_evalplan_v2_PdfTemplate, _evalplan_v2_PdfTemplate__Output>
      PlanDocument: MessageTypeDefinition<_evalplan_v2_PlanDocument, _evalplan_v2_PlanDocument__Output>
      PlanItem: MessageTypeDefinition<_evalplan_v2_PlanItem, _evalplan_v2_PlanItem__Output>
      ReadPdfRequest: MessageTypeDefinition<_evalplan_v2_ReadPdfRequest, _evalplan_v2_ReadPdfRequest__Output>
      RenderPlanRequest: MessageTypeDefinition<_evalplan_v2_RenderPlanRequest, _evalplan_v2_RenderPlanRequest__Output>
      RenderPlanResponse: MessageTypeDefinition<_evalplan_v2_RenderPlanResponse, _evalplan_v2_RenderPlanResponse__Output>
      StoredPdf: MessageTypeDefinition<_evalplan_v2_StoredPdf, _evalplan_v2_StoredPdf__Output>
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

