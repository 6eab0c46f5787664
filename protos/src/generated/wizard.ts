import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Catalog as _evalplan_v1_Catalog, Catalog__Output as _evalplan_v1_Catalog__Output } from './evalplan/v1/Catalog';
import type { CheckRenderRequest as _evalplan_v1_CheckRenderRequest, CheckRenderRequest__Output as _evalplan_v1_CheckRenderRequest__Output } from './evalplan/v1/CheckRenderRequest';
import type { CheckRenderResponse as _evalplan_v1_CheckRenderResponse, CheckRenderResponse__Output as _evalplan_v1_CheckRenderResponse__Output } from './evalplan/v1/CheckRenderResponse';
import type { ConvertSessionRequest as _evalplan_v1_ConvertSessionRequest, ConvertSessionRequest__Output as _evalplan_v1_ConvertSessionRequest__Output } from './evalplan/v1/ConvertSessionRequest';
import type { CreateProjectRequest as _evalplan_v1_CreateProjectRequest, CreateProjectRequest__Output as _evalplan_v1_CreateProjectRequest__Output } from './evalplan/v1/CreateProjectRequest';
import type { CreateSessionRequest as _evalplan_v1_CreateSessionRequest, CreateSessionRequest__Output as _evalplan_v1_CreateSessionRequest__Output } from './evalplan/v1/CreateSessionRequest';
import type { CustomConstruct as _evalplan_v1_CustomConstruct, CustomConstruct__Output as _evalplan_v1_CustomConstruct__Output } from './evalplan/v1/CustomConstruct';
import type { DeleteOwnerDataRequest as _evalplan_v1_DeleteOwnerDataRequest, DeleteOwnerDataRequest__Output as _evalplan_v1_DeleteOwnerDataRequest__Output } from './evalplan/v1/DeleteOwnerDataRequest';
import type { DeleteOwnerDataResponse as _evalplan_v1_DeleteOwnerDataResponse, DeleteOwnerDataResponse__Output as _evalplan_v1_DeleteOwnerDataResponse__Output } from './evalplan/v1/DeleteOwnerDataResponse';
import type { DeletePdfRequest as _evalplan_v1_DeletePdfRequest, DeletePdfRequest__Output as _evalplan_v1_DeletePdfRequest__Output } from './evalplan/v1/DeletePdfRequest';
import type { DeletePdfResponse as _evalplan_v1_DeletePdfResponse, DeletePdfResponse__Output as _evalplan_v1_DeletePdfResponse__Output } from './evalplan/v1/DeletePdfResponse';
import type { DeletePdfsRequest as _evalplan_v1_DeletePdfsRequest, DeletePdfsRequest__Output as _evalplan_v1_DeletePdfsRequest__Output } from './evalplan/v1/DeletePdfsRequest';
import type { DeletePdfsResponse as _evalplan_v1_DeletePdfsResponse, DeletePdfsResponse__Output as _evalplan_v1_DeletePdfsResponse__Output } from './evalplan/v1/DeletePdfsResponse';
import type { DeleteProjectRequest as _evalplan_v1_DeleteProjectRequest, DeleteProjectRequest__Output as _evalplan_v1_DeleteProjectRequest__Output } from './evalplan/v1/DeleteProjectRequest';
import type { DeleteProjectResponse as _evalplan_v1_DeleteProjectResponse, DeleteProjectResponse__Output as _evalplan_v1_DeleteProjectResponse__Output } from './evalplan/v1/DeleteProjectResponse';
import type { EmailResult as _evalplan_v1_EmailResult, EmailResult__Output as _evalplan_v1_EmailResult__Output } from './evalplan/v1/EmailResult';
import type { ExportOwnerProjectsRequest as _evalplan_v1_ExportOwnerProjectsRequest, ExportOwnerProjectsRequest__Output as _evalplan_v1_ExportOwnerProjectsRequest__Output } from './evalplan/v1/ExportOwnerProjectsRequest';
import type { ExportedProject as _evalplan_v1_ExportedProject, ExportedProject__Output as _evalplan_v1_ExportedProject__Output } from './evalplan/v1/ExportedProject';
import type { GeneratePdfRequest as _evalplan_v1_GeneratePdfRequest, GeneratePdfRequest__Output as _evalplan_v1_GeneratePdfRequest__Output } from './evalplan/v1/GeneratePdfRequest';
import type { GeneratePdfResponse as _evalplan_v1_GeneratePdfResponse, GeneratePdfResponse__Output as _evalplan_v1_GeneratePdfResponse__Output } from './evalplan/v1/GeneratePdfResponse';
import type { GetCatalogRequest as _evalplan_v1_GetCatalogRequest, GetCatalogRequest__Output as _evalplan_v1_GetCatalogRequest__Output } from './evalplan/v1/GetCatalogRequest';
import type { GetPlanRequest as _evalplan_v1_GetPlanRequest, GetPlanRequest__Output as _evalplan_v1_GetPlanRequest__Output } from './evalplan/v1/GetPlanRequest';
import type { GetProjectRequest as _evalplan_v1_GetProjectRequest, GetProjectRequest__Output as _evalplan_v1_GetProjectRequest__Output } from './evalplan/v1/GetProjectRequest';
import type { GetSessionRequest as _evalplan_v1_GetSessionRequest, GetSessionRequest__Output as _evalplan_v1_GetSessionRequest__Output } from './evalplan/v1/GetSessionRequest';
import type { GoalCategory as _evalplan_v1_GoalCategory, GoalCategory__Output as _evalplan_v1_GoalCategory__Output } from './evalplan/v1/GoalCategory';
import type { ListPdfFoldersRequest as _evalplan_v1_ListPdfFoldersRequest, ListPdfFoldersRequest__Output as _evalplan_v1_ListPdfFoldersRequest__Output } from './evalplan/v1/ListPdfFoldersRequest';
import type { ListPdfFoldersResponse as _evalplan_v1_ListPdfFoldersResponse, ListPdfFoldersResponse__Output as _evalplan_v1_ListPdfFoldersResponse__Output } from './evalplan/v1/ListPdfFoldersResponse';
import type { ListPdfsRequest as _evalplan_v1_ListPdfsRequest, ListPdfsRequest__Output as _evalplan_v1_ListPdfsRequest__Output } from './evalplan/v1/ListPdfsRequest';
import type { ListPdfsResponse as _evalplan_v1_ListPdfsResponse, ListPdfsResponse__Output as _evalplan_v1_ListPdfsResponse__Output } from './evalplan/v1/ListPdfsResponse';
import type { ListProjectPdfsRequest as _evalplan_v1_ListProjectPdfsRequest, ListProjectPdfsRequest__Output as _evalplan_v1_ListProjectPdfsRequest__Output } from './evalplan/v1/ListProjectPdfsRequest';
import type { ListProjectPdfsResponse as _evalplan_v1_ListProjectPdfsResponse, ListProjectPdfsResponse__Output as _evalplan_v1_ListProjectPdfsResponse__Output } from './evalplan/v1/ListProjectPdfsResponse';
import type { ListProjectsRequest as _evalplan_v1_ListProjectsRequest, ListProjectsRequest__Output as _evalplan_v1_ListProjectsRequest__Output } from './evalplan/v1/ListProjectsRequest';
import type { ListProjectsResponse as _evalplan_v1_ListProjectsResponse, ListProjectsResponse__Output as _evalplan_v1_ListProjectsResponse__Output } from './evalplan/v1/ListProjectsResponse';
import type { MailNotSentReason as _evalplan_v1_MailNotSentReason, MailNotSentReason__Output as _evalplan_v1_MailNotSentReason__Output } from './evalplan/v1/MailNotSentReason';
import type { PdfChunk as _evalplan_v1_PdfChunk, PdfChunk__Output as _evalplan_v1_PdfChunk__Output } from './evalplan/v1/PdfChunk';
import type { PdfServiceClient as _evalplan_v1_PdfServiceClient, PdfServiceDefinition as _evalplan_v1_PdfServiceDefinition } from './evalplan/v1/PdfService';
import type { Plan as _evalplan_v1_Plan, Plan__Output as _evalplan_v1_Plan__Output } from './evalplan/v1/Plan';
import type { PlanDocument as _evalplan_v1_PlanDocument, PlanDocument__Output as _evalplan_v1_PlanDocument__Output } from './evalplan/v1/PlanDocument';
import type { PlanItem as _evalplan_v1_PlanItem, PlanItem__Output as _evalplan_v1_PlanItem__Output } from './evalplan/v1/PlanItem';
import type { Project as _evalplan_v1_Project, Project__Output as _evalplan_v1_Project__Output } from './evalplan/v1/Project';
import type { ProjectRef as _evalplan_v1_ProjectRef, ProjectRef__Output as _evalplan_v1_ProjectRef__Output } from './evalplan/v1/ProjectRef';
import type { ReadPdfRequest as _evalplan_v1_ReadPdfRequest, ReadPdfRequest__Output as _evalplan_v1_ReadPdfRequest__Output } from './evalplan/v1/ReadPdfRequest';
import type { RecommendationsRequest as _evalplan_v1_RecommendationsRequest, RecommendationsRequest__Output as _evalplan_v1_RecommendationsRequest__Output } from './evalplan/v1/RecommendationsRequest';
import type { RecommendationsResponse as _evalplan_v1_RecommendationsResponse, RecommendationsResponse__Output as _evalplan_v1_RecommendationsResponse__Output } from './evalplan/v1/RecommendationsResponse';
import type { RenderPlanRequest as _evalplan_v1_RenderPlanRequest, RenderPlanRequest__Output as _evalplan_v1_RenderPlanRequest__Output } from './evalplan/v1/RenderPlanRequest';
import type { RenderPlanResponse as _evalplan_v1_RenderPlanResponse, RenderPlanResponse__Output as _evalplan_v1_RenderPlanResponse__Output } from './evalplan/v1/RenderPlanResponse';
import type { SaveStepRequest as _evalplan_v1_SaveStepRequest, SaveStepRequest__Output as _evalplan_v1_SaveStepRequest__Output } from './evalplan/v1/SaveStepRequest';
import type { SaveStepResponse as _evalplan_v1_SaveStepResponse, SaveStepResponse__Output as _evalplan_v1_SaveStepResponse__Output } from './evalplan/v1/SaveStepResponse';
import type { Session as _evalplan_v1_Session, Session__Output as _evalplan_v1_Session__Output } from './evalplan/v1/Session';
import type { StoredPdf as _evalplan_v1_StoredPdf, StoredPdf__Output as _evalplan_v1_StoredPdf__Output } from './evalplan/v1/StoredPdf';
import type { UpdateProjectRequest as _evalplan_v1_UpdateProjectRequest, UpdateProjectRequest__Output as _evalplan_v1_UpdateProjectRequest__Output } from './evalplan/v1/UpdateProjectRequest';
import type { WizardRef as _evalplan_v1_WizardRef, WizardRef__Output as _evalplan_v1_WizardRef__Output } from './evalplan/v1/WizardRef';
import type { WizardServiceClient as _evalplan_v1_WizardServiceClient, WizardServiceDefinition as _evalplan_v1_WizardServiceDefinition } from './evalplan/v1/WizardService';
import type { WizardStatus as _evalplan_v1_WizardStatus, WizardStatus__Output as _evalplan_v1_WizardStatus__Output } from './evalplan/v1/WizardStatus';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  evalplan: {
    v1: {
      Catalog: MessageTypeDefinition<_evalplan_v1_Catalog, _evalplan_v1_Catalog__Output>
      CheckRenderRequest: MessageTypeDefinition<_evalplan_v1_CheckRenderRequest, _evalplan_v1_CheckRenderRequest__Output>
      CheckRenderResponse: MessageTypeDefinition<_evalplan_v1_CheckRenderResponse, _evalplan_v1_CheckRenderResponse__Output>
      ConvertSessionRequest: MessageTypeDefinition<_evalplan_v1_ConvertSessionRequest, _evalplan_v1_ConvertSessionRequest__Output>
      CreateProjectRequest: MessageTypeDefinition<_evalplan_v1_CreateProjectRequest, _evalplan_v1_CreateProjectRequest__Output>
      CreateSessionRequest: MessageTypeDefinition<_evalplan_v1_CreateSessionRequest, _evalplan_v1_CreateSessionRequest__Output>
      CustomConstruct: MessageTypeDefinition<_evalplan_v1_CustomConstruct, _evalplan_v1_CustomConstruct__Output>
      DeleteOwnerDataRequest: MessageTypeDefinition<_evalplan_v1_DeleteOwnerDataRequest, _evalplan_v1_DeleteOwnerDataRequest__Output>
      DeleteOwnerDataResponse: MessageTypeDefinition<_evalplan_v1_DeleteOwnerDataResponse, _evalplan_v1_DeleteOwnerDataResponse__Output>
      DeletePdfRequest: MessageTypeDefinition<_evalplan_v1_DeletePdfRequest, _evalplan_v1_DeletePdfRequest__Output>
      DeletePdfResponse: MessageTypeDefinition<_evalplan_v1_DeletePdfResponse, _evalplan_v1_DeletePdfResponse__Output>
      DeletePdfsRequest: MessageTypeDefinition<_evalplan_v1_DeletePdfsRequest, _evalplan_v1_DeletePdfsRequest__Output>
      DeletePdfsResponse: MessageTypeDefinition<_evalplan_v1_DeletePdfsResponse, _evalplan_v1_DeletePdfsResponse__Output>
      DeleteProjectRequest: MessageTypeDefinition<_evalplan_v1_DeleteProjectRequest, _evalplan_v1_DeleteProjectRequest__Output>
      DeleteProjectResponse: MessageTypeDefinition<_evalplan_v1_DeleteProjectResponse, _evalplan_v1_DeleteProjectResponse__Output>
      EmailResult: MessageTypeDefinition<_evalplan_v1_EmailResult, _evalplan_v1_EmailResult__Output>
      ExportOwnerProjectsRequest: MessageTypeDefinition<_evalplan_v1_ExportOwnerProjectsRequest, _evalplan_v1_ExportOwnerProjectsRequest__Output>
      ExportedProject: MessageTypeDefinition<_evalplan_v1_ExportedProject, _evalplan_v1_ExportedProject__Output>
      GeneratePdfRequest: MessageTypeDefinition<_evalplan_v1_GeneratePdfRequest, _evalplan_v1_GeneratePdfRequest__Output>
      GeneratePdfResponse: MessageTypeDefinition<_evalplan_v1_GeneratePdfResponse, _evalplan_v1_GeneratePdfResponse__Output>
      GetCatalogRequest: MessageTypeDefinition<_evalplan_v1_GetCatalogRequest, _evalplan_v1_GetCatalogRequest__Output>
      GetPlanRequest: MessageTypeDefinition<_evalplan_v1_GetPlanRequest, _evalplan_v1_GetPlanRequest__Output>
      GetProjectRequest: MessageTypeDefinition<_evalplan_v1_GetProjectRequest, _evalplan_v1_GetProjectRequest__Output>
      GetSessionRequest: MessageTypeDefinition<_evalplan_v1_GetSessionRequest, _evalplan_v1_GetSessionRequest__Output>
      GoalCategory: MessageTypeDefinition<_evalplan_v1_GoalCategory, _evalplan_v1_GoalCategory__Output>
      ListPdfFoldersRequest: MessageTypeDefinition<_evalplan_v1_ListPdfFoldersRequest, _evalplan_v1_ListPdfFoldersRequest__Output>
      ListPdfFoldersResponse: MessageTypeDefinition<_evalplan_v1_ListPdfFoldersResponse, _evalplan_v1_ListPdfFoldersResponse__Output>
      ListPdfsRequest: MessageTypeDefinition<_evalplan_v1_ListPdfsRequest, _evalplan_v1_ListPdfsRequest__Output>
      ListPdfsResponse: MessageTypeDefinition<_evalplan_v1_ListPdfsResponse, _evalplan_v1_ListPdfsResponse__Output>
      ListProjectPdfsRequest: MessageTypeDefinition<_evalplan_v1_ListProjectPdfsRequest, _evalplan_v1_ListProjectPdfsRequest__Output>
      ListProjectPdfsResponse: MessageTypeDefinition<_evalplan_v1_ListProjectPdfsResponse, _evalplan_v1_ListProjectPdfsResponse__Output>
      ListProjectsRequest: MessageTypeDefinition<_evalplan_v1_ListProjectsRequest, _evalplan_v1_ListProjectsRequest__Output>
      ListProjectsResponse: MessageTypeDefinition<_evalplan_v1_ListProjectsResponse, _evalplan_v1_ListProjectsResponse__Output>
      MailNotSentReason: MessageTypeDefinition<_evalplan_v1_MailNotSentReason, _evalplan_v1_MailNotSentReason__Output>
      PdfChunk: MessageTypeDefinition<_evalplan_v1_PdfChunk, _evalplan_v1_PdfChunk__Output>
      PdfService: SubtypeConstructor<typeof grpc.Client, _evalplan_v1_PdfServiceClient> & { service: _evalplan_v1_PdfServiceDefinition }
      Plan: MessageTypeDefinition<_evalplan_v1_Plan, _evalplan_v1_Plan__Output>
      PlanDocument: MessageTypeDefinition<_evalplan_v1_PlanDocument, _evalplan_v1_PlanDocument__Output>
      PlanItem: MessageTypeDefinition<_evalplan_v1_PlanItem, _evalplan_v1_PlanItem__Output>
      Project: MessageTypeDefinition<_evalplan_v1_Project, _evalplan_v1_Project__Output>
      ProjectRef: MessageTypeDefinition<_evalplan_v1_ProjectRef, _evalplan_v1_ProjectRef__Output>
      ReadPdfRequest: MessageTypeDefinition<_evalplan_v1_ReadPdfRequest, _evalplan_v1_ReadPdfRequest__Output>
      RecommendationsRequest: MessageTypeDefinition<_evalplan_v1_RecommendationsRequest, _evalplan_v1_RecommendationsRequest__Output>
      RecommendationsResponse: MessageTypeDefinition<_evalplan_v1_RecommendationsResponse, _evalplan_v1_RecommendationsResponse__Output>
      RenderPlanRequest: MessageTypeDefinition<_evalplan_v1_RenderPlanRequest, _evalplan_v1_RenderPlanRequest__Output>
      RenderPlanResponse: MessageTypeDefinition<_evalplan_v1_RenderPlanResponse, _evalplan_v1_RenderPlanResponse__Output>
      SaveStepRequest: MessageTypeDefinition<_evalplan_v1_SaveStepRequest, _evalplan_v1_SaveStepRequest__Output>
      SaveStepResponse: MessageTypeDefinition<_evalplan_v1_SaveStepResponse, _evalplan_v1_SaveStepResponse__Output>
      Session: MessageTypeDefinition<_evalplan_v1_Session, _evalplan_v1_Session__Output>
      StoredPdf: MessageTypeDefinition<_evalplan_v1_StoredPdf, _evalplan_v1_StoredPdf__Output>
      UpdateProjectRequest: MessageTypeDefinition<_evalplan_v1_UpdateProjectRequest, _evalplan_v1_UpdateProjectRequest__Output>
      WizardRef: MessageTypeDefinition<_evalplan_v1_WizardRef, _evalplan_v1_WizardRef__Output>
      WizardService: SubtypeConstructor<typeof grpc.Client, _evalplan_v1_WizardServiceClient> & { service: _evalplan_v1_WizardServiceDefinition }
      WizardStatus: MessageTypeDefinition<_evalplan_v1_WizardStatus, _evalplan_v1_WizardStatus__Output>
    }
  }
}

