// Original file: evalplan/v2/wizard.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Catalog as _evalplan_v2_Catalog, Catalog__Output as _evalplan_v2_Catalog__Output } from '../../evalplan/v2/Catalog';
import type { ConvertSessionRequest as _evalplan_v2_ConvertSessionRequest, ConvertSessionRequest__Output as _evalplan_v2_ConvertSessionRequest__Output } from '../../evalplan/v2/ConvertSessionRequest';
import type { CreateProjectRequest as _evalplan_v2_CreateProjectRequest, CreateProjectRequest__Output as _evalplan_v2_CreateProjectRequest__Output } from '../../evalplan/v2/CreateProjectRequest';
import type { CreateSessionRequest as _evalplan_v2_CreateSessionRequest, CreateSessionRequest__Output as _evalplan_v2_CreateSessionRequest__Output } from '../../evalplan/v2/CreateSessionRequest';
import type { DeleteOwnerDataRequest as _evalplan_v2_DeleteOwnerDataRequest, DeleteOwnerDataRequest__Output as _evalplan_v2_DeleteOwnerDataRequest__Output } from '../../evalplan/v2/DeleteOwnerDataRequest';
import type { DeleteOwnerDataResponse as _evalplan_v2_DeleteOwnerDataResponse, DeleteOwnerDataResponse__Output as _evalplan_v2_DeleteOwnerDataResponse__Output } from '../../evalplan/v2/DeleteOwnerDataResponse';
import type { DeleteProjectRequest as _evalplan_v2_DeleteProjectRequest, DeleteProjectRequest__Output as _evalplan_v2_DeleteProjectRequest__Output } from '../../evalplan/v2/DeleteProjectRequest';
import type { DeleteProjectResponse as _evalplan_v2_DeleteProjectResponse, DeleteProjectResponse__Output as _evalplan_v2_DeleteProjectResponse__Output } from '../../evalplan/v2/DeleteProjectResponse';
import type { ExportOwnerProjectsRequest as _evalplan_v2_ExportOwnerProjectsRequest, ExportOwnerProjectsRequest__Output as _evalplan_v2_ExportOwnerProjectsRequest__Output } from '../../evalplan/v2/ExportOwnerProjectsRequest';
import type { ExportedProject as _evalplan_v2_ExportedProject, ExportedProject__Output as _evalplan_v2_ExportedProject__Output } from '../../evalplan/v2/ExportedProject';
import type { GeneratePdfRequest as _evalplan_v2_GeneratePdfRequest, GeneratePdfRequest__Output as _evalplan_v2_GeneratePdfRequest__Output } from '../../evalplan/v2/GeneratePdfRequest';
import type { GeneratePdfResponse as _evalplan_v2_GeneratePdfResponse, GeneratePdfResponse__Output as _evalplan_v2_GeneratePdfResponse__Output } from '../../evalplan/v2/GeneratePdfResponse';
import type { GetCatalogRequest as _evalplan_v2_GetCatalogRequest, GetCatalogRequest__Output as _evalplan_v2_GetCatalogRequest__Output } from '../../evalplan/v2/GetCatalogRequest';
import type { GetPlanRequest as _evalplan_v2_GetPlanRequest, GetPlanRequest__Output as _evalplan_v2_GetPlanRequest__Output } from '../../evalplan/v2/GetPlanRequest';
import type { GetProjectRequest as _evalplan_v2_GetProjectRequest, GetProjectRequest__Output as _evalplan_v2_GetProjectRequest__Output } from '../../evalplan/v2/GetProjectRequest';
import type { GetSessionRequest as _evalplan_v2_GetSessionRequest, GetSessionRequest__Output as _evalplan_v2_GetSessionRequest__Output } from '../../evalplan/v2/GetSessionRequest';
import type { ListProjectPdfsRequest as _evalplan_v2_ListProjectPdfsRequest, ListProjectPdfsRequest__Output as _evalplan_v2_ListProjectPdfsRequest__Output } from '../../evalplan/v2/ListProjectPdfsRequest';
import type { ListProjectPdfsResponse as _evalplan_v2_ListProjectPdfsResponse, ListProjectPdfsResponse__Output as _evalplan_v2_ListProjectPdfsResponse__Output } from '../../evalplan/v2/ListProjectPdfsResponse';
import type { ListProjectsRequest as _evalplan_v2_ListProjectsRequest, ListProjectsRequest__Output as _evalplan_v2_ListProjectsRequest__Output } from '../../evalplan/v2/ListProjectsRequest';
import type { ListProjectsResponse as _evalplan_v2_ListProjectsResponse, ListProjectsResponse__Output as _evalplan_v2_ListProjectsResponse__Output } from '../../evalplan/v2/ListProjectsResponse';
import type { Plan as _evalplan_v2_Plan, Plan__Output as _evalplan_v2_Plan__Output } from '../../evalplan/v2/Plan';
import type { Project as _evalplan_v2_Project, Project__Output as _evalplan_v2_Project__Output } from '../../evalplan/v2/Project';
import type { RecommendationsRequest as _evalplan_v2_RecommendationsRequest, RecommendationsRequest__Output as _evalplan_v2_RecommendationsRequest__Output } from '../../evalplan/v2/RecommendationsRequest';
import type { RecommendationsResponse as _evalplan_v2_RecommendationsResponse, RecommendationsResponse__Output as _evalplan_v2_RecommendationsResponse__Output } from '../../evalplan/v2/RecommendationsResponse';
import type { SaveStepRequest as _evalplan_v2_SaveStepRequest, SaveStepRequest__Output as _evalplan_v2_SaveStepRequest__Output } from '../../evalplan/v2/SaveStepRequest';
import type { SaveStepResponse as _evalplan_v2_SaveStepResponse, SaveStepResponse__Output as _evalplan_v2_SaveStepResponse__Output } from '../../evalplan/v2/SaveStepResponse';
import type { Session as _evalplan_v2_Session, Session__Output as _evalplan_v2_Session__Output } from '../../evalplan/v2/Session';
import type { UpdateProjectRequest as _evalplan_v2_UpdateProjectRequest, UpdateProjectRequest__Output as _evalplan_v2_UpdateProjectRequest__Output } from '../../evalplan/v2/UpdateProjectRequest';

export interface WizardServiceClient extends grpc.Client {
  ConvertSession(argument: _evalplan_v2_ConvertSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  ConvertSession(argument: _evalplan_v2_ConvertSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  ConvertSession(argument: _evalplan_v2_ConvertSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  ConvertSession(argument: _evalplan_v2_ConvertSessionRequest, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  convertSession(argument: _evalplan_v2_ConvertSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  convertSession(argument: _evalplan_v2_ConvertSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  convertSession(argument: _evalplan_v2_ConvertSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  convertSession(argument: _evalplan_v2_ConvertSessionRequest, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  
  CreateProject(argument: _evalplan_v2_CreateProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _evalplan_v2_CreateProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _evalplan_v2_CreateProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _evalplan_v2_CreateProjectRequest, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  createProject(argument: _evalplan_v2_CreateProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  createProject(argument: _evalplan_v2_CreateProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  createProject(argument: _evalplan_v2_CreateProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  createProject(argument: _evalplan_v2_CreateProjectRequest, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  
  CreateSession(argument: _evalplan_v2_CreateSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  CreateSession(argument: _evalplan_v2_CreateSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  CreateSession(argument: _evalplan_v2_CreateSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  CreateSession(argument: _evalplan_v2_CreateSessionRequest, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _evalplan_v2_CreateSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _evalplan_v2_CreateSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _evalplan_v2_CreateSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _evalplan_v2_CreateSessionRequest, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  
  DeleteOwnerData(argument: _evalplan_v2_DeleteOwnerDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  DeleteOwnerData(argument: _evalplan_v2_DeleteOwnerDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  DeleteOwnerData(argument: _evalplan_v2_DeleteOwnerDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  DeleteOwnerData(argument: _evalplan_v2_DeleteOwnerDataRequest, callback: grpc.requestCallback<_evalplan_v2_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  deleteOwnerData(argument: _evalplan_v2_DeleteOwnerDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  deleteOwnerData(argument: _evalplan_v2_DeleteOwnerDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  deleteOwnerData(argument: _evalplan_v2_DeleteOwnerDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  deleteOwnerData(argument: _evalplan_v2_DeleteOwnerDataRequest, callback: grpc.requestCallback<_evalplan_v2_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteProject(argument: _evalplan_v2_DeleteProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  DeleteProject(argument: _evalplan_v2_DeleteProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  DeleteProject(argument: _evalplan_v2_DeleteProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  DeleteProject(argument: _evalplan_v2_DeleteProjectRequest, callback: grpc.requestCallback<_evalplan_v2_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  deleteProject(argument: _evalplan_v2_DeleteProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  deleteProject(argument: _evalplan_v2_DeleteProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  deleteProject(argument: _evalplan_v2_DeleteProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  deleteProject(argument: _evalplan_v2_DeleteProjectRequest, callback: grpc.requestCallback<_evalplan_v2_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  
  ExportOwnerProjects(argument: _evalplan_v2_ExportOwnerProjectsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_ExportedProject__Output>;
  ExportOwnerProjects(argument: _evalplan_v2_ExportOwnerProjectsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_ExportedProject__Output>;
  exportOwnerProjects(argument: _evalplan_v2_ExportOwnerProjectsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_ExportedProject__Output>;
  exportOwnerProjects(argument: _evalplan_v2_ExportOwnerProjectsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v2_ExportedProject__Output>;
  
  GeneratePdf(argument: _evalplan_v2_GeneratePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  GeneratePdf(argument: _evalplan_v2_GeneratePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  GeneratePdf(argument: _evalplan_v2_GeneratePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  GeneratePdf(argument: _evalplan_v2_GeneratePdfRequest, callback: grpc.requestCallback<_evalplan_v2_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v2_GeneratePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v2_GeneratePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v2_GeneratePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v2_GeneratePdfRequest, callback: grpc.requestCallback<_evalplan_v2_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  
  GetCatalog(argument: _evalplan_v2_GetCatalogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Catalog__Output>): grpc.ClientUnaryCall;
  GetCatalog(argument: _evalplan_v2_GetCatalogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Catalog__Output>): grpc.ClientUnaryCall;
  GetCatalog(argument: _evalplan_v2_GetCatalogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Catalog__Output>): grpc.ClientUnaryCall;
  GetCatalog(argument: _evalplan_v2_GetCatalogRequest, callback: grpc.requestCallback<_evalplan_v2_Catalog__Output>): grpc.ClientUnaryCall;
  getCatalog(argument: _evalplan_v2_GetCatalogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Catalog__Output>): grpc.ClientUnaryCall;
  getCatalog(argument: _evalplan_v2_GetCatalogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Catalog__Output>): grpc.ClientUnaryCall;
  getCatalog(argument: _evalplan_v2_GetCatalogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Catalog__Output>): grpc.ClientUnaryCall;
  getCatalog(argument: _evalplan_v2_GetCatalogRequest, callback: grpc.requestCallback<_evalplan_v2_Catalog__Output>): grpc.ClientUnaryCall;
  
  GetPlan(argument: _evalplan_v2_GetPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Plan__Output>): grpc.ClientUnaryCall;
  GetPlan(argument: _evalplan_v2_GetPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Plan__Output>): grpc.ClientUnaryCall;
  GetPlan(argument: _evalplan_v2_GetPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Plan__Output>): grpc.ClientUnaryCall;
  GetPlan(argument: _evalplan_v2_GetPlanRequest, callback: grpc.requestCallback<_evalplan_v2_Plan__Output>): grpc.ClientUnaryCall;
  getPlan(argument: _evalplan_v2_GetPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Plan__Output>): grpc.ClientUnaryCall;
  getPlan(argument: _evalplan_v2_GetPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Plan__Output>): grpc.ClientUnaryCall;
  getPlan(argument: _evalplan_v2_GetPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Plan__Output>): grpc.ClientUnaryCall;
  getPlan(argument: _evalplan_v2_GetPlanRequest, callback: grpc.requestCallback<_evalplan_v2_Plan__Output>): grpc.ClientUnaryCall;
  
  GetProject(argument: _evalplan_v2_GetProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _evalplan_v2_GetProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _evalplan_v2_GetProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _evalplan_v2_GetProjectRequest, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _evalplan_v2_GetProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _evalplan_v2_GetProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _evalplan_v2_GetProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _evalplan_v2_GetProjectRequest, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  
  GetRecommendations(argument: _evalplan_v2_RecommendationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  GetRecommendations(argument: _evalplan_v2_RecommendationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  GetRecommendations(argument: _evalplan_v2_RecommendationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  GetRecommendations(argument: _evalplan_v2_RecommendationsRequest, callback: grpc.requestCallback<_evalplan_v2_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  getRecommendations(argument: _evalplan_v2_RecommendationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  getRecommendations(argument: _evalplan_v2_RecommendationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  getRecommendations(argument: _evalplan_v2_RecommendationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  getRecommendations(argument: _evalplan_v2_RecommendationsRequest, callback: grpc.requestCallback<_evalplan_v2_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  
  GetSession(argument: _evalplan_v2_GetSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _evalplan_v2_GetSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _evalplan_v2_GetSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _evalplan_v2_GetSessionRequest, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  getSession(argument: _evalplan_v2_GetSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  getSession(argument: _evalplan_v2_GetSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  getSession(argument: _evalplan_v2_GetSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  getSession(argument: _evalplan_v2_GetSessionRequest, callback: grpc.requestCallback<_evalplan_v2_Session__Output>): grpc.ClientUnaryCall;
  
  ListProjectPdfs(argument: _evalplan_v2_ListProjectPdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListProjectPdfs(argument: _evalplan_v2_ListProjectPdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListProjectPdfs(argument: _evalplan_v2_ListProjectPdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListProjectPdfs(argument: _evalplan_v2_ListProjectPdfsRequest, callback: grpc.requestCallback<_evalplan_v2_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  listProjectPdfs(argument: _evalplan_v2_ListProjectPdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  listProjectPdfs(argument: _evalplan_v2_ListProjectPdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  listProjectPdfs(argument: _evalplan_v2_ListProjectPdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  listProjectPdfs(argument: _evalplan_v2_ListProjectPdfsRequest, callback: grpc.requestCallback<_evalplan_v2_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  
  ListProjects(argument: _evalplan_v2_ListProjectsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _evalplan_v2_ListProjectsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _evalplan_v2_ListProjectsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _evalplan_v2_ListProjectsRequest, callback: grpc.requestCallback<_evalplan_v2_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _evalplan_v2_ListProjectsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _evalplan_v2_ListProjectsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _evalplan_v2_ListProjectsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _evalplan_v2_ListProjectsRequest, callback: grpc.requestCallback<_evalplan_v2_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  
  SaveStep(argument: _evalplan_v2_SaveStepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  SaveStep(argument: _evalplan_v2_SaveStepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  SaveStep(argument: _evalplan_v2_SaveStepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  SaveStep(argument: _evalplan_v2_SaveStepRequest, callback: grpc.requestCallback<_evalplan_v2_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  saveStep(argument: _evalplan_v2_SaveStepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  saveStep(argument: _evalplan_v2_SaveStepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  saveStep(argument: _evalplan_v2_SaveStepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  saveStep(argument: _evalplan_v2_SaveStepRequest, callback: grpc.requestCallback<_evalplan_v2_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateProject(argument: _evalplan_v2_UpdateProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _evalplan_v2_UpdateProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _evalplan_v2_UpdateProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _evalplan_v2_UpdateProjectRequest, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _evalplan_v2_UpdateProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _evalplan_v2_UpdateProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _evalplan_v2_UpdateProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _evalplan_v2_UpdateProjectRequest, callback: grpc.requestCallback<_evalplan_v2_Project__Output>): grpc.ClientUnaryCall;
  
}

export interface WizardServiceHandlers extends grpc.UntypedServiceImplementation {
  ConvertSession: grpc.handleUnaryCall<_evalplan_v2_ConvertSessionRequest__Output, _evalplan_v2_Project>;
  
  CreateProject: grpc.handleUnaryCall<_evalplan_v2_CreateProjectRequest__Output, _evalplan_v2_Project>;
  
  CreateSession: grpc.handleUnaryCall<_evalplan_v2_CreateSessionRequest__Output, _evalplan_v2_Session>;
  
  DeleteOwnerData: grpc.handleUnaryCall<_evalplan_v2_DeleteOwnerDataRequest__Output, _evalplan_v2_DeleteOwnerDataResponse>;
  
  DeleteProject: grpc.handleUnaryCall<_evalplan_v2_DeleteProjectRequest__Output, _evalplan_v2_DeleteProjectResponse>;
  
  ExportOwnerProjects: grpc.handleServerStreamingCall<_evalplan_v2_ExportOwnerProjectsRequest__Output, _evalplan_v2_ExportedProject>;
  
  GeneratePdf: grpc.handleUnaryCall<_evalplan_v2_GeneratePdfRequest__Output, _evalplan_v2_GeneratePdfResponse>;
  
  GetCatalog: grpc.handleUnaryCall<_evalplan_v2_GetCatalogRequest__Output, _evalplan_v2_Catalog>;
  
  GetPlan: grpc.handleUnaryCall<_evalplan_v2_GetPlanRequest__Output, _evalplan_v2_Plan>;
  
  GetProject: grpc.handleUnaryCall<_evalplan_v2_GetProjectRequest__Output, _evalplan_v2_Project>;
  
  GetRecommendations: grpc.handleUnaryCall<_evalplan_v2_RecommendationsRequest__Output, _evalplan_v2_RecommendationsResponse>;
  
  GetSession: grpc.handleUnaryCall<_evalplan_v2_GetSessionRequest__Output, _evalplan_v2_Session>;
  
  ListProjectPdfs: grpc.handleUnaryCall<_evalplan_v2_ListProjectPdfsRequest__Output, _evalplan_v2_ListProjectPdfsResponse>;
  
  ListProjects: grpc.handleUnaryCall<_evalplan_v2_ListProjectsRequest__Output, _evalplan_v2_ListProjectsResponse>;
  
  SaveStep: grpc.handleUnaryCall<_evalplan_v2_SaveStepRequest__Output, _evalplan_v2_SaveStepResponse>;
  
  UpdateProject: grpc.handleUnaryCall<_evalplan_v2_UpdateProjectRequest__Output, _evalplan_v2_Project>;
  
}

export interface WizardServiceDefinition extends grpc.ServiceDefinition {
  ConvertSession: MethodDefinition<_evalplan_v2_ConvertSessionRequest, _evalplan_v2_Project, _evalplan_v2_ConvertSessionRequest__Output, _evalplan_v2_Project__Output>
  CreateProject: MethodDefinition<_evalplan_v2_CreateProjectRequest, _evalplan_v2_Project, _evalplan_v2_CreateProjectRequest__Output, _evalplan_v2_Project__Output>
  CreateSession: MethodDefinition<_evalplan_v2_CreateSessionRequest, _evalplan_v2_Session, _evalplan_v2_CreateSessionRequest__Output, _evalplan_v2_Session__Output>
  DeleteOwnerData: MethodDefinition<_evalplan_v2_DeleteOwnerDataRequest, _evalplan_v2_DeleteOwnerDataResponse, _evalplan_v2_DeleteOwnerDataRequest__Output, _evalplan_v2_DeleteOwnerDataResponse__Output>
  DeleteProject: MethodDefinition<_evalplan_v2_DeleteProjectRequest, _evalplan_v2_DeleteProjectResponse, _evalplan_v2_DeleteProjectRequest__Output, _evalplan_v2_DeleteProjectResponse__Output>
  ExportOwnerProjects: MethodDefinition<_evalplan_v2_ExportOwnerProjectsRequest, _evalplan_v2_ExportedProject, _evalplan_v2_ExportOwnerProjectsRequest__Output, _evalplan_v2_ExportedProject__Output>
  GeneratePdf: MethodDefinition<_evalplan_v2_GeneratePdfRequest, _evalplan_v2_GeneratePdfResponse, _evalplan_v2_GeneratePdfRequest__Output, _evalplan_v2_GeneratePdfResponse__Output>
  GetCatalog: MethodDefinition<_evalplan_v2_GetCatalogRequest, _evalplan_v2_Catalog, _evalplan_v2_GetCatalogRequest__Output, _evalplan_v2_Catalog__Output>
  GetPlan: MethodDefinition<_evalplan_v2_GetPlanRequest, _evalplan_v2_Plan, _evalplan_v2_GetPlanRequest__Output, _evalplan_v2_Plan__Output>
  GetProject: MethodDefinition<_evalplan_v2_GetProjectRequest, _evalplan_v2_Project, _evalplan_v2_GetProjectRequest__Output, _evalplan_v2_Project__Output>
  GetRecommendations: MethodDefinition<_evalplan_v2_RecommendationsRequest, _evalplan_v2_RecommendationsResponse, _evalplan_v2_RecommendationsRequest__Output, _evalplan_v2_RecommendationsResponse__Output>
  GetSession: MethodDefinition<_evalplan_v2_GetSessionRequest, _evalplan_v2_Session, _evalplan_v2_GetSessionRequest__Output, _evalplan_v2_Session__Output>
  ListProjectPdfs: MethodDefinition<_evalplan_v2_ListProjectPdfsRequest, _evalplan_v2_ListProjectPdfsResponse, _evalplan_v2_ListProjectPdfsRequest__Output, _evalplan_v2_ListProjectPdfsResponse__Output>
  ListProjects: MethodDefinition<_evalplan_v2_ListProjectsRequest, _evalplan_v2_ListProjectsResponse, _evalplan_v2_ListProjectsRequest__Output, _evalplan_v2_ListProjectsResponse__Output>
  SaveStep: MethodDefinition<_evalplan_v2_SaveStepRequest, _evalplan_v2_SaveStepResponse, _evalplan_v2_SaveStepRequest__Output, _evalplan_v2_SaveStepResponse__Output>
  UpdateProject: MethodDefinition<_evalplan_v2_UpdateProjectRequest, _evalplan_v2_Project, _evalplan_v2_UpdateProjectRequest__Output, _evalplan_v2_Project__Output>
}
