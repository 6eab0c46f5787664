import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { BudgetLine as _evalplan_v2_BudgetLine, BudgetLine__Output as _evalplan_v2_BudgetLine__Output } from './evalplan/v2/BudgetLine';
import type { Catalog as _evalplan_v2_Catalog, Catalog__Output as _evalplan_v2_Catalog__Output } from './evalplan/v2/Catalog';
import type { CatalogGoal as _evalplan_v2_CatalogGoal, CatalogGoal__Output as _evalplan_v2_CatalogGoal__Output } from './evalplan/v2/CatalogGoal';
import type { CatalogItem as _evalplan_v2_CatalogItem, CatalogItem__Output as _evalplan_v2_CatalogItem__Output } from './evalplan/v2/CatalogItem';
import type { CatalogOption as _evalplan_v2_CatalogOption, CatalogOption__Output as _evalplan_v2_CatalogOption__Output } from './evalplan/v2/CatalogOption';
import type { CheckRenderRequest as _evalplan_v2_CheckRenderRequest, CheckRenderRequest__Output as _evalplan_v2_CheckRenderRequest__Output } from './evalplan/v2/CheckRenderRequest';
import type { CheckRenderResponse as _evalplan_v2_CheckRenderResponse, CheckRenderResponse__Output as _evalplan_v2_CheckRenderResponse__Output } from './evalplan/v2/CheckRenderResponse';
import type { Checklist as _evalplan_v2_Checklist, Checklist__Output as _evalplan_v2_Checklist__Output } from './evalplan/v2/Checklist';
import type { ChecklistItem as _evalplan_v2_ChecklistItem, ChecklistItem__Output as _evalplan_v2_ChecklistItem__Output } from './evalplan/v2/ChecklistItem';
import type { ConstructDefinition as _evalplan_v2_ConstructDefinition, ConstructDefinition__Output as _evalplan_v2_ConstructDefinition__Output } from './evalplan/v2/ConstructDefinition';
import type { ConvertSessionRequest as _evalplan_v2_ConvertSessionRequest, ConvertSessionRequest__Output as _evalplan_v2_ConvertSessionRequest__Output } from './evalplan/v2/ConvertSessionRequest';
import type { Coverage as _evalplan_v2_Coverage, Coverage__Output as _evalplan_v2_Coverage__Output } from './evalplan/v2/Coverage';
import type { CoverageColumn as _evalplan_v2_CoverageColumn, CoverageColumn__Output as _evalplan_v2_CoverageColumn__Output } from './evalplan/v2/CoverageColumn';
import type { CoverageRow as _evalplan_v2_CoverageRow, CoverageRow__Output as _evalplan_v2_CoverageRow__Output } from './evalplan/v2/CoverageRow';
import type { CreateProjectRequest as _evalplan_v2_CreateProjectRequest, CreateProjectRequest__Output as _evalplan_v2_CreateProjectRequest__Output } from './evalplan/v2/CreateProjectRequest';
import type { CreateSessionRequest as _evalplan_v2_CreateSessionRequest, CreateSessionRequest__Output as _evalplan_v2_CreateSessionRequest__Output } from './evalplan/v2/CreateSessionRequest';
import type { CustomConstruct as _evalplan_v2_CustomConstruct, CustomConstruct__Output as _evalplan_v2_CustomConstruct__Output } from './evalplan/v2/CustomConstruct';
import type { DeleteOwnerDataRequest as _evalplan_v2_DeleteOwnerDataRequest, DeleteOwnerDataRequest__Output as _evalplan_v2_DeleteOwnerDataRequest__Output } from './evalplan/v2/DeleteOwnerDataRequest';
import type { DeleteOwnerDataResponse as _evalplan_v2_DeleteOwnerDataResponse, DeleteOwnerDataResponse__Output as _evalplan_v2_DeleteOwnerDataResponse__Output } from './evalplan/v2/DeleteOwnerDataResponse';
import type { DeletePdfRequest as _evalplan_v2_DeletePdfRequest, DeletePdfRequest__Output as _evalplan_v2_DeletePdfRequest__Output } from './evalplan/v2/DeletePdfRequest';
import type { DeletePdfResponse as _evalplan_v2_DeletePdfResponse, DeletePdfResponse__Output as _evalplan_v2_DeletePdfResponse__Output } from './evalplan/v2/DeletePdfResponse';
import type { DeletePdfsRequest as _evalplan_v2_DeletePdfsRequest, DeletePdfsRequest__Output as _evalplan_v2_DeletePdfsRequest__Output } from './evalplan/v2/DeletePdfsRequest';
import type { DeletePdfsResponse as _evalplan_v2_DeletePdfsResponse, DeletePdfsResponse__Output as _evalplan_v2_DeletePdfsResponse__Output } from './evalplan/v2/DeletePdfsResponse';
import type { DeleteProjectRequest as _evalplan_v2_DeleteProjectRequest, DeleteProjectRequest__Output as _evalplan_v2_DeleteProjectRequest__Output } from './evalplan/v2/DeleteProjectRequest';
import type { DeleteProjectResponse as _evalplan_v2_DeleteProjectResponse, DeleteProjectResponse__Output as _evalplan_v2_DeleteProjectResponse__Output } from './evalplan/v2/DeleteProjectResponse';
import type { EmailResult as _evalplan_v2_EmailResult, EmailResult__Output as _evalplan_v2_EmailResult__Output } from './evalplan/v2/EmailResult';
import type { ExportOwnerProjectsRequest as _evalplan_v2_ExportOwnerProjectsRequest, ExportOwnerProjectsRequest__Output as _evalplan_v2_ExportOwnerProjectsRequest__Output } from './evalplan/v2/ExportOwnerProjectsRequest';
import type { ExportPlanRequest as _evalplan_v2_ExportPlanRequest, ExportPlanRequest__Output as _evalplan_v2_ExportPlanRequest__Output } from './evalplan/v2/ExportPlanRequest';
import type { ExportedPlan as _evalplan_v2_ExportedPlan, ExportedPlan__Output as _evalplan_v2_ExportedPlan__Output } from './evalplan/v2/ExportedPlan';
import type { ExportedProject as _evalplan_v2_ExportedProject, ExportedProject__Output as _evalplan_v2_ExportedProject__Output } from './evalplan/v2/ExportedProject';
import type { GeneratePdfRequest as _evalplan_v2_GeneratePdfRequest, GeneratePdfRequest__Output as _evalplan_v2_GeneratePdfRequest__Output } from './evalplan/v2/GeneratePdfRequest';
import type { GeneratePdfResponse as _evalplan_v2_GeneratePdfResponse, GeneratePdfResponse__Output as _evalplan_v2_GeneratePdfResponse__Output } from './evalplan/v2/GeneratePdfResponse';
import type { GetCatalogRequest as _evalplan_v2_GetCatalogRequest, GetCatalogRequest__Output as _evalplan_v2_GetCatalogRequest__Output } from './evalplan/v2/GetCatalogRequest';
import type { GetPlanRequest as _evalplan_v2_GetPlanRequest, GetPlanRequest__Output as _evalplan_v2_GetPlanRequest__Output } from './evalplan/v2/GetPlanRequest';
import type { GetProjectRequest as _evalplan_v2_GetProjectRequest, GetProjectRequest__Output as _evalplan_v2_GetProjectRequest__Output } from './evalplan/v2/GetProjectRequest';
import type { GetSessionRequest as _evalplan_v2_GetSessionRequest, GetSessionRequest__Output as _evalplan_v2_GetSessionRequest__Output } from './evalplan/v2/GetSessionRequest';
import type { GoalCategory as _evalplan_v2_GoalCategory, GoalCategory__Output as _evalplan_v2_GoalCategory__Output } from './evalplan/v2/GoalCategory';
import type { GoalCategoryEntry as _evalplan_v2_GoalCategoryEntry, GoalCategoryEntry__Output as _evalplan_v2_GoalCategoryEntry__Output } from './evalplan/v2/GoalCategoryEntry';
import type { GoalsAndContextStep as _evalplan_v2_GoalsAndContextStep, GoalsAndContextStep__Output as _evalplan_v2_GoalsAndContextStep__Output } from './evalplan/v2/GoalsAndContextStep';
import type { InstrumentsStep as _evalplan_v2_InstrumentsStep, InstrumentsStep__Output as _evalplan_v2_InstrumentsStep__Output } from './evalplan/v2/InstrumentsStep';
import type { ItemCount as _evalplan_v2_ItemCount, ItemCount__Output as _evalplan_v2_ItemCount__Output } from './evalplan/v2/ItemCount';
import type { ListPdfFoldersRequest as _evalplan_v2_ListPdfFoldersRequest, ListPdfFoldersRequest__Output as _evalplan_v2_ListPdfFoldersRequest__Output } from './evalplan/v2/ListPdfFoldersRequest';
import type { ListPdfFoldersResponse as _evalplan_v2_ListPdfFoldersResponse, ListPdfFoldersResponse__Output as _evalplan_v2_ListPdfFoldersResponse__Output } from './evalplan/v2/ListPdfFoldersResponse';
import type { ListPdfsRequest as _evalplan_v2_ListPdfsRequest, ListPdfsRequest__Output as _evalplan_v2_ListPdfsRequest__Output } from './evalplan/v2/ListPdfsRequest';
import type { ListPdfsResponse as _evalplan_v2_ListPdfsResponse, ListPdfsResponse__Output as _evalplan_v2_ListPdfsResponse__Output } from './evalplan/v2/ListPdfsResponse';
import type { ListProjectPdfsRequest as _evalplan_v2_ListProjectPdfsRequest, ListProjectPdfsRequest__Output as _evalplan_v2_ListProjectPdfsRequest__Output } from './evalplan/v2/ListProjectPdfsRequest';
import type { ListProjectPdfsResponse as _evalplan_v2_ListProjectPdfsResponse, ListProjectPdfsResponse__Output as _evalplan_v2_ListProjectPdfsResponse__Output } from './evalplan/v2/ListProjectPdfsResponse';
import type { ListProjectsRequest as _evalplan_v2_ListProjectsRequest, ListProjectsRequest__Output as _evalplan_v2_ListProjectsRequest__Output } from './evalplan/v2/ListProjectsRequest';
import type { ListProjectsResponse as _evalplan_v2_ListProjectsResponse, ListProjectsResponse__Output as _evalplan_v2_ListProjectsResponse__Output } from './evalplan/v2/ListProjectsResponse';
import type { MailNotSentReason as _evalplan_v2_MailNotSentReason, MailNotSentReason__Output as _evalplan_v2_MailNotSentReason__Output } from './evalplan/v2/MailNotSentReason';
import type { MatchedOn as _evalplan_v2_MatchedOn, MatchedOn__Output as _evalplan_v2_MatchedOn__Output } from './evalplan/v2/MatchedOn';
import type { MethodsStep as _evalplan_v2_MethodsStep, MethodsStep__Output as _evalplan_v2_MethodsStep__Output } from './evalplan/v2/MethodsStep';
import type { MinutesRange as _evalplan_v2_MinutesRange, MinutesRange__Output as _evalplan_v2_MinutesRange__Output } from './evalplan/v2/MinutesRange';
import type { NextStepsStep as _evalplan_v2_NextStepsStep, NextStepsStep__Output as _evalplan_v2_NextStepsStep__Output } from './evalplan/v2/NextStepsStep';
import type { PdfChunk as _evalplan_v2_PdfChunk, PdfChunk__Output as _evalplan_v2_PdfChunk__Output } from './evalplan/v2/PdfChunk';
import type { PdfOptions as _evalplan_v2_PdfOptions, PdfOptions__Output as _evalplan_v2_PdfOptions__Output } from './evalplan/v2/PdfOptions';
import type { PdfServiceClient as _evalplan_v2_PdfServiceClient, PdfServiceDefinition as _evalplan_v2_PdfServiceDefinition } from './evalplan/v2/PdfService';
import type { PdfTemplate as _evalplan_v2_PdfTemplate, PdfTemplate__Output as _evalplan_v2_PdfTemplate__Output } from './evalplan/v2/PdfTemplate';
import type { Plan as _evalplan_v2_Plan, Plan__Output as _evalplan_v2_Plan__Output } from './evalplan/v2/Plan';
import type { PlanDocument as _evalplan_v2_PlanDocument, PlanDocument__Output as _evalplan_v2_PlanDocument__Output } from './evalplan/v2/PlanDocument';
import type { PlanItem as _evalplan_v2_PlanItem, PlanItem__Output as _evalplan_v2_PlanItem__Output } from './evalplan/v2/PlanItem';
import type { Project as _evalplan_v2_Project, Project__Output as _evalplan_v2_Project__Output } from './evalplan/v2/Project';
import type { ProjectFields as _evalplan_v2_ProjectFields, ProjectFields__Output as _evalplan_v2_ProjectFields__Output } from './evalplan/v2/ProjectFields';
import type { ProjectRef as _evalplan_v2_ProjectRef, ProjectRef__Output as _evalplan_v2_ProjectRef__Output } from './evalplan/v2/ProjectRef';
import type { ReadPdfRequest as _evalplan_v2_ReadPdfRequest, ReadPdfRequest__Output as _evalplan_v2_ReadPdfRequest__Output } from './evalplan/v2/ReadPdfRequest';
import type { Recommendation as _evalplan_v2_Recommendation, Recommendation__Output as _evalplan_v2_Recommendation__Output } from './evalplan/v2/Recommendation';
import type { RecommendationQuery as _evalplan_v2_RecommendationQuery, RecommendationQuery__Output as _evalplan_v2_RecommendationQuery__Output } from './evalplan/v2/RecommendationQuery';
import type { RecommendationsRequest as _evalplan_v2_RecommendationsRequest, RecommendationsRequest__Output as _evalplan_v2_RecommendationsRequest__Output } from './evalplan/v2/RecommendationsRequest';
import type { RecommendationsResponse as _evalplan_v2_RecommendationsResponse, RecommendationsResponse__Output as _evalplan_v2_RecommendationsResponse__Output } from './evalplan/v2/RecommendationsResponse';
import type { Reference as _evalplan_v2_Reference, Reference__Output as _evalplan_v2_Reference__Output } from './evalplan/v2/Reference';
import type { RenderPlanRequest as _evalplan_v2_RenderPlanRequest, RenderPlanRequest__Output as _evalplan_v2_RenderPlanRequest__Output } from './evalplan/v2/RenderPlanRequest';
import type { RenderPlanResponse as _evalplan_v2_RenderPlanResponse, RenderPlanResponse__Output as _evalplan_v2_RenderPlanResponse__Output } from './evalplan/v2/RenderPlanResponse';
import type { SaveStepRequest as _evalplan_v2_SaveStepRequest, SaveStepRequest__Output as _evalplan_v2_SaveStepRequest__Output } from './evalplan/v2/SaveStepRequest';
import type { SaveStepResponse as _evalplan_v2_SaveStepResponse, SaveStepResponse__Output as _evalplan_v2_SaveStepResponse__Output } from './evalplan/v2/SaveStepResponse';
import type { Session as _evalplan_v2_Session, Session__Output as _evalplan_v2_Session__Output } from './evalplan/v2/Session';
import type { StoredPdf as _evalplan_v2_StoredPdf, StoredPdf__Output as _evalplan_v2_StoredPdf__Output } from './evalplan/v2/StoredPdf';
import type { TextRun as _evalplan_v2_TextRun, TextRun__Output as _evalplan_v2_TextRun__Output } from './evalplan/v2/TextRun';
import type { TimeBudget as _evalplan_v2_TimeBudget, TimeBudget__Output as _evalplan_v2_TimeBudget__Output } from './evalplan/v2/TimeBudget';
import type { UpdateProjectRequest as _evalplan_v2_UpdateProjectRequest, UpdateProjectRequest__Output as _evalplan_v2_UpdateProjectRequest__Output } from './evalplan/v2/UpdateProjectRequest';
import type { WizardRef as _evalplan_v2_WizardRef, WizardRef__Output as _evalplan_v2_WizardRef__Output } from './evalplan/v2/WizardRef';
import type { WizardServiceClient as _evalplan_v2_WizardServiceClient, WizardServiceDefinition as _evalplan_v2_WizardServiceDefinition } from './evalplan/v2/WizardService';
import type { WizardStatus as _evalplan_v2_WizardStatus, WizardStatus__Output as _evalplan_v2_WizardStatus__Output } from './evalplan/v2/WizardStatus';
import type { WizardSteps as _evalplan_v2_WizardSteps, WizardSteps__Output as _evalplan_v2_WizardSteps__Output } from './evalplan/v2/WizardSteps';
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
      Catalog: MessageTypeDefinition<_evalplan_v2_Catalog, _evalplan_v2_Catalog__Output>
      CatalogGoal: MessageTypeDefinition<_evalplan_v2_CatalogGoal, _evalplan_v2_CatalogGoal__Output>
      CatalogItem: MessageTypeDefinition<_evalplan_v2_CatalogItem, _evalplan_v2_CatalogItem__Output>
      CatalogOption: MessageTypeDefinition<_evalplan_v2_CatalogOption, _evalplan_v2_CatalogOption__Output>
      CheckRenderRequest: MessageTypeDefinition<_evalplan_v2_CheckRenderRequest, _evalplan_v2_CheckRenderRequest__Output>
      CheckRenderResponse: MessageTypeDefinition<_evalplan_v2_CheckRenderResponse, _evalplan_v2_CheckRenderResponse__Output>
      Checklist: MessageTypeDefinition<_evalplan_v2_Checklist, _evalplan_v2_Checklist__Output>
      ChecklistItem: MessageTypeDefinition<_evalplan_v2_ChecklistItem, _evalplan_v2_ChecklistItem__Output>
      ConstructDefinition: MessageTypeDefinition<_evalplan_v2_ConstructDefinition, _evalplan_v2_ConstructDefinition__Output>
      ConvertSessionRequest: MessageTypeDefinition<_evalplan_v2_ConvertSessionRequest, _evalplan_v2_ConvertSessionRequest__Output>
      Coverage: MessageTypeDefinition<_evalplan_v2_Coverage, _evalplan_v2_Coverage__Output>
      CoverageColumn: MessageTypeDefinition<_evalplan_v2_CoverageColumn, _evalplan_v2_CoverageColumn__Output>
      CoverageRow: MessageTypeDefinition<_evalplan_v2_CoverageRow, _evalplan_v2_CoverageRow__Output>
      CreateProjectRequest: MessageTypeDefinition<_evalplan_v2_CreateProjectRequest, _evalplan_v2_CreateProjectRequest__Output>
      CreateSessionRequest: MessageTypeDefinition<_evalplan_v2_CreateSessionRequest, _evalplan_v2_CreateSessionRequest__Output>
      CustomConstruct: MessageTypeDefinition<_evalplan_v2_CustomConstruct, _evalplan_v2_CustomConstruct__Output>
      DeleteOwnerDataRequest: MessageTypeDefinition<_evalplan_v2_DeleteOwnerDataRequest, _evalplan_v2_DeleteOwnerDataRequest__Output>
      DeleteOwnerDataResponse: MessageTypeDefinition<_evalplan_v2_DeleteOwnerDataResponse, _evalplan_v2_DeleteOwnerDataResponse__Output>
      DeletePdfRequest: MessageTypeDefinition<_evalplan_v2_DeletePdfRequest, _evalplan_v2_DeletePdfRequest__Output>
      DeletePdfResponse: MessageTypeDefinition<_evalplan_v2_DeletePdfResponse, _evalplan_v2_DeletePdfResponse__Output>
      DeletePdfsRequest: MessageTypeDefinition<_evalplan_v2_DeletePdfsRequest, _evalplan_v2_DeletePdfsRequest__Output>
      DeletePdfsResponse: MessageTypeDefinition<_evalplan_v2_DeletePdfsResponse, _evalplan_v2_DeletePdfsResponse__Output>
      DeleteProjectRequest: MessageTypeDefinition<_evalplan_v2_DeleteProjectRequest, _evalplan_v2_DeleteProjectRequest__Output>
      DeleteProjectResponse: MessageTypeDefinition<_evalplan_v2_DeleteProjectResponse, _evalplan_v2_DeleteProjectResponse__Output>
      EmailResult: MessageTypeDefinition<_evalplan_v2_EmailResult, _evalplan_v2_EmailResult__Output>
      ExportOwnerProjectsRequest: MessageTypeDefinition<_evalplan_v2_ExportOwnerProjectsRequest, _evalplan_v2_ExportOwnerProjectsRequest__Output>
      ExportPlanRequest: MessageTypeDefinition<_evalplan_v2_ExportPlanRequest, _evalplan_v2_ExportPlanRequest__Output>
      ExportedPlan: MessageTypeDefinition<_evalplan_v2_ExportedPlan, _evalplan_v2_ExportedPlan__Output>
      ExportedProject: MessageTypeDefinition<_evalplan_v2_ExportedProject, _evalplan_v2_ExportedProject__Output>
      GeneratePdfRequest: MessageTypeDefinition<_evalplan_v2_GeneratePdfRequest, _evalplan_v2_GeneratePdfRequest__Output>
      GeneratePdfResponse: MessageTypeDefinition<_evalplan_v2_GeneratePdfResponse, _evalplan_v2_GeneratePdfResponse__Output>
      GetCatalogRequest: MessageTypeDefinition<_evalplan_v2_GetCatalogRequest, _evalplan_v2_GetCatalogRequest__Output>
      GetPlanRequest: MessageTypeDefinition<_evalplan_v2_GetPlanRequest, _evalplan_v2_GetPlanRequest__Output>
      GetProjectRequest: MessageTypeDefinition<_evalplan_v2_GetProjectRequest, _evalplan_v2_GetProjectRequest__Output>
      GetSessionRequest: MessageTypeDefinition<_evalplan_v2_GetSessionRequest, _evalplan_v2_GetSessionRequest__Output>
      GoalCategory: MessageTypeDefinition<_evalplan_v2_GoalCategory, _evalplan_v2_GoalCategory__Output>
      GoalCategoryEntry: MessageTypeDefinition<_evalplan_v2_GoalCategoryEntry, _evalplan_v2_GoalCategoryEntry__Output>
      GoalsAndContextStep: MessageTypeDefinition<_evalplan_v2_GoalsAndContextStep, _evalplan_v2_GoalsAndContextStep__Output>
      InstrumentsStep: MessageTypeDefinition<_evalplan_v2_InstrumentsStep, _evalplan_v2_InstrumentsStep__Output>
      ItemCount: MessageTypeDefinition<_evalplan_v2_ItemCount, _evalplan_v2_ItemCount__Output>
      ListPdfFoldersRequest: MessageTypeDefinition<_evalplan_v2_ListPdfFoldersRequest, _evalplan_v2_ListPdfFoldersRequest__Output>
      ListPdfFoldersResponse: MessageTypeDefinition<_evalplan_v2_ListPdfFoldersResponse, _evalplan_v2_ListPdfFoldersResponse__Output>
      ListPdfsRequest: MessageTypeDefinition<_evalplan_v2_ListPdfsRequest, _evalplan_v2_ListPdfsRequest__Output>
      ListPdfsResponse: MessageTypeDefinition<_evalplan_v2_ListPdfsResponse, _evalplan_v2_ListPdfsResponse__Output>
      ListProjectPdfsRequest: MessageTypeDefinition<_evalplan_v2_ListProjectPdfsRequest, _evalplan_v2_ListProjectPdfsRequest__Output>
      ListProjectPdfsResponse: MessageTypeDefinition<_evalplan_v2_ListProjectPdfsResponse, _evalplan_v2_ListProjectPdfsResponse__Output>
      ListProjectsRequest: MessageTypeDefinition<_evalplan_v2_ListProjectsRequest, _evalplan_v2_ListProjectsRequest__Output>
      ListProjectsResponse: MessageTypeDefinition<_evalplan_v2_ListProjectsResponse, _evalplan_v2_ListProjectsResponse__Output>
      MailNotSentReason: MessageTypeDefinition<_evalplan_v2_MailNotSentReason, _evalplan_v2_MailNotSentReason__Output>
      MatchedOn: MessageTypeDefinition<_evalplan_v2_MatchedOn, _evalplan_v2_MatchedOn__Output>
      MethodsStep: MessageTypeDefinition<_evalplan_v2_MethodsStep, _evalplan_v2_MethodsStep__Output>
      MinutesRange: MessageTypeDefinition<_evalplan_v2_MinutesRange, _evalplan_v2_MinutesRange__Output>
      NextStepsStep: MessageTypeDefinition<_evalplan_v2_NextStepsStep, _evalplan_v2_NextStepsStep__Output>
      PdfChunk: MessageTypeDefinition<_evalplan_v2_PdfChunk, _evalplan_v2_PdfChunk__Output>
      PdfOptions: MessageTypeDefinition<_evalplan_v2_PdfOptions, _evalplan_v2_PdfOptions__Output>
      PdfService: SubtypeConstructor<typeof grpc.Client, _evalplan_v2_PdfServiceClient> & { service: _evalplan_v2_PdfServiceDefinition }
      PdfTemplate: MessageTypeDefinition<_evalplan_v2_PdfTemplate, _evalplan_v2_PdfTemplate__Output>
      Plan: MessageTypeDefinition<_evalplan_v2_Plan, _evalplan_v2_Plan__Output>
      PlanDocument: MessageTypeDefinition<_evalplan_v2_PlanDocument, _evalplan_v2_PlanDocument__Output>
      PlanItem: MessageTypeDefinition<_evalplan_v2_PlanItem, _evalplan_v2_PlanItem__Output>
      Project: MessageTypeDefinition<_evalplan_v2_Project, _evalplan_v2_Project__Output>
      ProjectFields: MessageTypeDefinition<_evalplan_v2_ProjectFields, _evalplan_v2_ProjectFields__Output>
      ProjectRef: MessageTypeDefinition<_evalplan_v2_ProjectRef, _evalplan_v2_ProjectRef__Output>
      ReadPdfRequest: MessageTypeDefinition<_evalplan_v2_ReadPdfRequest, _evalplan_v2_ReadPdfRequest__Output>
      Recommendation: MessageTypeDefinition<_evalplan_v2_Recommendation, _evalplan_v2_Recommendation__Output>
      RecommendationQuery: MessageTypeDefinition<_evalplan_v2_RecommendationQuery, _evalplan_v2_RecommendationQuery__Output>
      RecommendationsRequest: MessageTypeDefinition<_evalplan_v2_RecommendationsRequest, _evalplan_v2_RecommendationsRequest__Output>
      RecommendationsResponse: MessageTypeDefinition<_evalplan_v2_RecommendationsResponse, _evalplan_v2_RecommendationsResponse__Output>
      Reference: MessageTypeDefinition<_evalplan_v2_Reference, _evalplan_v2_Reference__Output>
      RenderPlanRequest: MessageTypeDefinition<_evalplan_v2_RenderPlanRequest, _evalplan_v2_RenderPlanRequest__Output>
      RenderPlanResponse: MessageTypeDefinition<_evalplan_v2_RenderPlanResponse, _evalplan_v2_RenderPlanResponse__Output>
      SaveStepRequest: MessageTypeDefinition<_evalplan_v2_SaveStepRequest, _evalplan_v2_SaveStepRequest__Output>
      SaveStepResponse: MessageTypeDefinition<_evalplan_v2_SaveStepResponse, _evalplan_v2_SaveStepResponse__Output>
      Session: MessageTypeDefinition<_evalplan_v2_Session, _evalplan_v2_Session__Output>
      StoredPdf: MessageTypeDefinition<_evalplan_v2_StoredPdf, _evalplan_v2_StoredPdf__Output>
      TextRun: MessageTypeDefinition<_evalplan_v2_TextRun, _evalplan_v2_TextRun__Output>
      TimeBudget: MessageTypeDefinition<_evalplan_v2_TimeBudget, _evalplan_v2_TimeBudget__Output>
      UpdateProjectRequest: MessageTypeDefinition<_evalplan_v2_UpdateProjectRequest, _evalplan_v2_UpdateProjectRequest__Output>
      WizardRef: MessageTypeDefinition<_evalplan_v2_WizardRef, _evalplan_v2_WizardRef__Output>
      WizardService: SubtypeConstructor<typeof grpc.Client, _evalplan_v2_WizardServiceClient> & { service: _evalplan_v2_WizardServiceDefinition }
      WizardStatus: MessageTypeDefinition<_evalplan_v2_WizardStatus, _evalplan_v2_WizardStatus__Output>
      WizardSteps: MessageTypeDefinition<_evalplan_v2_WizardSteps, _evalplan_v2_WizardSteps__Output>
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

