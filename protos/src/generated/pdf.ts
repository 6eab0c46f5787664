import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { BudgetLine as _evalplan_v2_BudgetLine, BudgetLine__Output as _evalplan_v2_BudgetLine__Output } from './evalplan/v2/BudgetLine';
import type { CheckRenderRequest as _evalplan_v2_CheckRenderRequest, CheckRenderRequest__Output as _evalplan_v2_CheckRenderRequest__Output } from './evalplan/v2/CheckRenderRequest';
import type { CheckRenderResponse as _evalplan_v2_CheckRenderResponse, CheckRenderResponse__Output as _evalplan_v2_CheckRenderResponse__Output } from './evalplan/v2/CheckRenderResponse';
import type { Checklist as _evalplan_v2_Checklist, Checklist__Output as _evalplan_v2_Checklist__Output } from './evalplan/v2/Checklist';
import type { ChecklistItem as _evalplan_v2_ChecklistItem, ChecklistItem__Output as _evalplan_v2_ChecklistItem__Output } from './evalplan/v2/ChecklistItem';
import type { Coverage as _evalplan_v2_Coverage, Coverage__Output as _evalplan_v2_Coverage__Output } from './evalplan/v2/Coverage';
import type { CoverageColumn as _evalplan_v2_CoverageColumn, CoverageColumn__Output as _evalplan_v2_CoverageColumn__Output } from './evalplan/v2/CoverageColumn';
import type { CoverageRow as _evalplan_v2_CoverageRow, CoverageRow__Output as _evalplan_v2_CoverageRow__Output } from './evalplan/v2/CoverageRow';
import type { CustomConstruct as _evalplan_v2_CustomConstruct, CustomConstruct__Output as _evalplan_v2_CustomConstruct__Output } from './evalplan/v2/CustomConstruct';
import type { DeletePdfRequest as _evalplan_v2_DeletePdfRequest, DeletePdfRequest__Output as _evalplan_v2_DeletePdfRequest__Output } from './evalplan/v2/DeletePdfRequest';
import type { DeletePdfResponse as _evalplan_v2_DeletePdfResponse, DeletePdfResponse__Output as _evalplan_v2_DeletePdfResponse__Output } from './evalplan/v2/DeletePdfResponse';
import type { DeletePdfsRequest as _evalplan_v2_DeletePdfsRequest, DeletePdfsRequest__Output as _evalplan_v2_DeletePdfsRequest__Output } from './evalplan/v2/DeletePdfsRequest';
import type { DeletePdfsResponse as _evalplan_v2_DeletePdfsResponse, DeletePdfsResponse__Output as _evalplan_v2_DeletePdfsResponse__Output } from './evalplan/v2/DeletePdfsResponse';
import type { EmailResult as _evalplan_v2_EmailResult, EmailResult__Output as _evalplan_v2_EmailResult__Output } from './evalplan/v2/EmailResult';
import type { ExportPlanRequest as _evalplan_v2_ExportPlanRequest, ExportPlanRequest__Output as _evalplan_v2_ExportPlanRequest__Output } from './evalplan/v2/ExportPlanRequest';
import type { ExportedPlan as _evalplan_v2_ExportedPlan, ExportedPlan__Output as _evalplan_v2_ExportedPlan__Output } from './evalplan/v2/ExportedPlan';
import type { GoalCategory as _evalplan_v2_GoalCategory, GoalCategory__Output as _evalplan_v2_GoalCategory__Output } from './evalplan/v2/GoalCategory';
import type { ItemCount as _evalplan_v2_ItemCount, ItemCount__Output as _evalplan_v2_ItemCount__Output } from './evalplan/v2/ItemCount';
import type { ListPdfFoldersRequest as _evalplan_v2_ListPdfFoldersRequest, ListPdfFoldersRequest__Output as _evalplan_v2_ListPdfFoldersRequest__Output } from './evalplan/v2/ListPdfFoldersRequest';
import type { ListPdfFoldersResponse as _evalplan_v2_ListPdfFoldersResponse, ListPdfFoldersResponse__Output as _evalplan_v2_ListPdfFoldersResponse__Output } from './evalplan/v2/ListPdfFoldersResponse';
import type { ListPdfsRequest as _evalplan_v2_ListPdfsRequest, ListPdfsRequest__Output as _evalplan_v2_ListPdfsRequest__Output } from './evalplan/v2/ListPdfsRequest';
import type { ListPdfsResponse as _evalplan_v2_ListPdfsResponse, ListPdfsResponse__Output as _evalplan_v2_ListPdfsResponse__Output } from './evalplan/v2/ListPdfsResponse';
import type { MailNotSentReason as _evalplan_v2_MailNotSentReason, MailNotSentReason__Output as _evalplan_v2_MailNotSentReason__Output } from './evalplan/v2/MailNotSentReason';
import type { MinutesRange as _evalplan_v2_MinutesRange, MinutesRange__Output as _evalplan_v2_MinutesRange__Output } from './evalplan/v2/MinutesRange';
import type { PdfChunk as _evalplan_v2_PdfChunk, PdfChunk__Output as _evalplan_v2_PdfChunk__Output } from './evalplan/v2/PdfChunk';
import type { PdfOptions as _evalplan_v2_PdfOptions, PdfOptions__Output as _evalplan_v2_PdfOptions__Output } from './evalplan/v2/PdfOptions';
import type { PdfServiceClient as _evalplan_v2_PdfServiceClient, PdfServiceDefinition as _evalplan_v2_PdfServiceDefinition } from './evalplan/v2/PdfService';
import type { PdfTemplate as _evalplan_v2_PdfTemplate, PdfTemplate__Output as _evalplan_v2_PdfTemplate__Output } from './evalplan/v2/PdfTemplate';
import type { PlanDocument as _evalplan_v2_PlanDocument, PlanDocument__Output as _evalplan_v2_PlanDocument__Output } from './evalplan/v2/PlanDocument';
import type { PlanItem as _evalplan_v2_PlanItem, PlanItem__Output as _evalplan_v2_PlanItem__Output } from './evalplan/v2/PlanItem';
import type { ReadPdfRequest as _evalplan_v2_ReadPdfRequest, ReadPdfRequest__Output as _evalplan_v2_ReadPdfRequest__Output } from './evalplan/v2/ReadPdfRequest';
import type { Reference as _evalplan_v2_Reference, Reference__Output as _evalplan_v2_Reference__Output } from './evalplan/v2/Reference';
import type { RenderPlanRequest as _evalplan_v2_RenderPlanRequest, RenderPlanRequest__Output as _evalplan_v2_RenderPlanRequest__Output } from './evalplan/v2/RenderPlanRequest';
import type { RenderPlanResponse as _evalplan_v2_RenderPlanResponse, RenderPlanResponse__Output as _evalplan_v2_RenderPlanResponse__Output } from './evalplan/v2/RenderPlanResponse';
import type { StoredPdf as _evalplan_v2_StoredPdf, StoredPdf__Output as _evalplan_v2_StoredPdf__Output } from './evalplan/v2/StoredPdf';
import type { TextRun as _evalplan_v2_TextRun, TextRun__Output as _evalplan_v2_TextRun__Output } from './evalplan/v2/TextRun';
import type { TimeBudget as _evalplan_v2_TimeBudget, TimeBudget__Output as _evalplan_v2_TimeBudget__Output } from './evalplan/v2/TimeBudget';
import type { ListValue as _google_protobuf_ListValue, ListValue__Output as _google_protobuf_ListValue__Output } from './google/protobuf/ListValue';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from './google/protobuf/Struct';
import type { Value as _google_protobuf_Value, Value__Output as _google_protobuf_Value__Output } from './google/protobuf/Value';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  evalplan: {
    v2: {
      BudgetLine: MessageTypeDefinition<_evalplan_v2_BudgetLine, _evalplan_v2_BudgetLine__Output>
      CheckRenderRequest: MessageTypeDefinition<_evalplan_v2_CheckRenderRequest, _evalplan_v2_CheckRenderRequest__Output>
      CheckRenderResponse: MessageTypeDefinition<_evalplan_v2_CheckRenderResponse, _evalplan_v2_CheckRenderResponse__Output>
      Checklist: MessageTypeDefinition<_evalplan_v2_Checklist, _evalplan_v2_Checklist__Output>
      ChecklistItem: MessageTypeDefinition<_evalplan_v2_ChecklistItem, _evalplan_v2_ChecklistItem__Output>
      Coverage: MessageTypeDefinition<_evalplan_v2_Coverage, _evalplan_v2_Coverage__Output>
      CoverageColumn: MessageTypeDefinition<_evalplan_v2_CoverageColumn, _evalplan_v2_CoverageColumn__Output>
      CoverageRow: MessageTypeDefinition<_evalplan_v2_CoverageRow, _evalplan_v2_CoverageRow__Output>
      CustomConstruct: MessageTypeDefinition<_evalplan_v2_CustomConstruct, _evalplan_v2_CustomConstruct__Output>
      DeletePdfRequest: MessageTypeDefinition<_evalplan_v2_DeletePdfRequest, _evalplan_v2_DeletePdfRequest__Output>
      DeletePdfResponse: MessageTypeDefinition<_evalplan_v2_DeletePdfResponse, _evalplan_v2_DeletePdfResponse__Output>
      DeletePdfsRequest: MessageTypeDefinition<_evalplan_v2_DeletePdfsRequest, _evalplan_v2_DeletePdfsRequest__Output>
      DeletePdfsResponse: MessageTypeDefinition<_evalplan_v2_DeletePdfsResponse, _evalplan_v2_DeletePdfsResponse__Output>
      EmailResult: MessageTypeDefinition<_evalplan_v2_EmailResult, _evalplan_v2_EmailResult__Output>
      ExportPlanRequest: MessageTypeDefinition<_evalplan_v2_ExportPlanRequest, _evalplan_v2_ExportPlanRequest__Output>
      ExportedPlan: MessageTypeDefinition<_evalplan_v2_ExportedPlan, _evalplan_v2_ExportedPlan__Output>
      GoalCategory: MessageTypeDefinition<_evalplan_v2_GoalCategory, _evalplan_v2_GoalCategory__Output>
      ItemCount: MessageTypeDefinition<_evalplan_v2_ItemCount, _evalplan_v2_ItemCount__Output>
      ListPdfFoldersRequest: MessageTypeDefinition<_evalplan_v2_ListPdfFoldersRequest, _evalplan_v2_ListPdfFoldersRequest__Output>
      ListPdfFoldersResponse: MessageTypeDefinition<_evalplan_v2_ListPdfFoldersResponse, _evalplan_v2_ListPdfFoldersResponse__Output>
      ListPdfsRequest: MessageTypeDefinition<_evalplan_v2_ListPdfsRequest, _evalplan_v2_ListPdfsRequest__Output>
      ListPdfsResponse: MessageTypeDefinition<_evalplan_v2_ListPdfsResponse, _evalplan_v2_ListPdfsResponse__Output>
      MailNotSentReason: MessageTypeDefinition<_evalplan_v2_MailNotSentReason, _evalplan_v2_MailNotSentReason__Output>
      MinutesRange: MessageTypeDefinition<_evalplan_v2_MinutesRange, _evalplan_v2_MinutesRange__Output>
      PdfChunk: MessageTypeDefinition<_evalplan_v2_PdfChunk, _evalplan_v2_PdfChunk__Output>
      PdfOptions: MessageTypeDefinition<_evalplan_v2_PdfOptions, _evalplan_v2_PdfOptions__Output>
      PdfService: SubtypeConstructor<typeof grpc.Client, _evalplan_v2_PdfServiceClient> & { service: _evalplan_v2_PdfServiceDefinition }
      PdfTemplate: MessageTypeDefinition<_evalplan_v2_PdfTemplate, _evalplan_v2_PdfTemplate__Output>
      PlanDocument: MessageTypeDefinition<_evalplan_v2_PlanDocument, _evalplan_v2_PlanDocument__Output>
      PlanItem: MessageTypeDefinition<_evalplan_v2_PlanItem, _evalplan_v2_PlanItem__Output>
      ReadPdfRequest: MessageTypeDefinition<_evalplan_v2_ReadPdfRequest, _evalplan_v2_ReadPdfRequest__Output>
      Reference: MessageTypeDefinition<_evalplan_v2_Reference, _evalplan_v2_Reference__Output>
      RenderPlanRequest: MessageTypeDefinition<_evalplan_v2_RenderPlanRequest, _evalplan_v2_RenderPlanRequest__Output>
      RenderPlanResponse: MessageTypeDefinition<_evalplan_v2_RenderPlanResponse, _evalplan_v2_RenderPlanResponse__Output>
      StoredPdf: MessageTypeDefinition<_evalplan_v2_StoredPdf, _evalplan_v2_StoredPdf__Output>
      TextRun: MessageTypeDefinition<_evalplan_v2_TextRun, _evalplan_v2_TextRun__Output>
      TimeBudget: MessageTypeDefinition<_evalplan_v2_TimeBudget, _evalplan_v2_TimeBudget__Output>
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

