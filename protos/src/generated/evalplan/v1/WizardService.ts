// Original file: evalplan/v1/wizard.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Catalog as _evalplan_v1_Catalog, Catalog__Output as _evalplan_v1_Catalog__Output } from '../../evalplan/v1/Catalog';
import type { ConvertSessionRequest as _evalplan_v1_ConvertSessionRequest, ConvertSessionRequest__Output as _evalplan_v1_ConvertSessionRequest__Output } from '../../evalplan/v1/ConvertSessionRequest';
import type { CreateProjectRequest as _evalplan_v1_CreateProjectRequest, CreateProjectRequest__Output as _evalplan_v1_CreateProjectRequest__Output } from '../../evalplan/v1/CreateProjectRequest';
import type { CreateSessionRequest as _evalplan_v1_CreateSessionRequest, CreateSessionRequest__Output as _evalplan_v1_CreateSessionRequest__Output } from '../../evalplan/v1/CreateSessionRequest';
import type { DeleteOwnerDataRequest as _evalplan_v1_DeleteOwnerDataRequest, DeleteOwnerDataRequest__Output as _evalplan_v1_DeleteOwnerDataRequest__Output } from '../../evalplan/v1/DeleteOwnerDataRequest';
import type { DeleteOwnerDataResponse as _evalplan_v1_DeleteOwnerDataResponse, DeleteOwnerDataResponse__Output as _evalplan_v1_DeleteOwnerDataResponse__Output } from '../../evalplan/v1/DeleteOwnerDataResponse';
import type { DeleteProjectRequest as _evalplan_v1_DeleteProjectRequest, DeleteProjectRequest__Output as _evalplan_v1_DeleteProjectRequest__Output } from '../../evalplan/v1/DeleteProjectRequest';
import type { DeleteProjectResponse as _evalplan_v1_DeleteProjectResponse, DeleteProjectResponse__Output as _evalplan_v1_DeleteProjectResponse__Output } from '../../evalplan/v1/DeleteProjectResponse';
import type { ExportOwnerProjectsRequest as _evalplan_v1_ExportOwnerProjectsRequest, ExportOwnerProjectsRequest__Output as _evalplan_v1_ExportOwnerProjectsRequest__Output } from '../../evalplan/v1/ExportOwnerProjectsRequest';
import type { ExportedProject as _evalplan_v1_ExportedProject, ExportedProject__Output as _evalplan_v1_ExportedProject__Output } from '../../evalplan/v1/ExportedProject';
import type { GeneratePdfRequest as _evalplan_v1_GeneratePdfRequest, GeneratePdfRequest__Output as _evalplan_v1_GeneratePdfRequest__Output } from '../../evalplan/v1/GeneratePdfRequest';
import type { GeneratePdfResponse as _evalplan_v1_GeneratePdfResponse, GeneratePdfResponse__Output as _evalplan_v1_GeneratePdfResponse__Output } from '../../evalplan/v1/GeneratePdfResponse';
import type { GetCatalogRequest as _evalplan_v1_GetCatalogRequest, GetCatalogRequest__Output as _evalplan_v1_GetCatalogRequest__Output } from '../../evalplan/v1/GetCatalogRequest';
import type { GetPlanRequest as _evalplan_v1_GetPlanRequest, GetPlanRequest__Output as _evalplan_v1_GetPlanRequest__Output } from '../../evalplan/v1/GetPlanRequest';
import type { GetProjectRequest as _evalplan_v1_GetProjectRequest, GetProjectRequest__Output as _evalplan_v1_GetProjectRequest__Output } from '../../evalplan/v1/GetProjectRequest';
import type { GetSessionRequest as _evalplan_v1_GetSessionRequest, GetSessionRequest__Output as _evalplan_v1_GetSessionRequest__Output } from '../../evalplan/v1/GetSessionRequest';
import type { ListProjectPdfsRequest as _evalplan_v1_ListProjectPdfsRequest, ListProjectPdfsRequest__Output as _evalplan_v1_ListProjectPdfsRequest__Output } from '../../evalplan/v1/ListProjectPdfsRequest';
import type { ListProjectPdfsResponse as _evalplan_v1_ListProjectPdfsResponse, ListProjectPdfsResponse__Output as _evalplan_v1_ListProjectPdfsResponse__Output } from '../../evalplan/v1/ListProjectPdfsResponse';
import type { ListProjectsRequest as _evalplan_v1_ListProjectsRequest, ListProjectsRequest__Output as _evalplan_v1_ListProjectsRequest__Output } from '../../evalplan/v1/ListProjectsRequest';
import type { ListProjectsResponse as _evalplan_v1_ListProjectsResponse, ListProjectsResponse__Output as _evalplan_v1_ListProjectsResponse__Output } from '../../evalplan/v1/ListProjectsResponse';
import type { Plan as _evalplan_v1_Plan, Plan__Output as _evalplan_v1_Plan__Output } from '../../evalplan/v1/Plan';
import type { Project as _evalplan_v1_Project, Project__Output as _evalplan_v1_Project__Output } from '../../evalplan/v1/Project';
import type { RecommendationsRequest as _evalplan_v1_RecommendationsRequest, RecommendationsRequest__Output as _evalplan_v1_RecommendationsRequest__Output } from '../../evalplan/v1/RecommendationsRequest';
import type { RecommendationsResponse as _evalplan_v1_RecommendationsResponse, RecommendationsResponse__Output as _evalplan_v1_RecommendationsResponse__Output } from '../../evalplan/v1/RecommendationsResponse';
import type { SaveStepRequest as _evalplan_v1_SaveStepRequest, SaveStepRequest__Output as _evalplan_v1_SaveStepRequest__Output } from '../../evalplan/v1/SaveStepRequest';
import type { SaveStepResponse as _evalplan_v1_SaveStepResponse, SaveStepResponse__Output as _evalplan_v1_SaveStepResponse__Output } from '../../evalplan/v1/SaveStepResponse';
import type { Session as _evalplan_v1_Session, Session__Output as _evalplan_v1_Session__Output } from '../../evalplan/v1/Session';
import type { UpdateProjectRequest as _evalplan_v1_UpdateProjectRequest, UpdateProjectRequest__Output as _evalplan_v1_UpdateProjectRequest__Output } from '../../evalplan/v1/UpdateProjectRequest';

export interface WizardServiceClient extends grpc.Client {
  ConvertSession(argument: _evalplan_v1_ConvertSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  ConvertSession(argument: _evalplan_v1_ConvertSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  ConvertSession(argument: _evalplan_v1_ConvertSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  ConvertSession(argument: _evalplan_v1_ConvertSessionRequest, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  convertSession(argument: _evalplan_v1_ConvertSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  convertSession(argument: _evalplan_v1_ConvertSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  convertSession(argument: _evalplan_v1_ConvertSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  convertSession(argument: _evalplan_v1_ConvertSessionRequest, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  
  CreateProject(argument: _evalplan_v1_CreateProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _evalplan_v1_CreateProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _evalplan_v1_CreateProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _evalplan_v1_CreateProjectRequest, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  createProject(argument: _evalplan_v1_CreateProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  createProject(argument: _evalplan_v1_CreateProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  createProject(argument: _evalplan_v1_CreateProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  createProject(argument: _evalplan_v1_CreateProjectRequest, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  
  CreateSession(argument: _evalplan_v1_CreateSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  CreateSession(argument: _evalplan_v1_CreateSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  CreateSession(argument: _evalplan_v1_CreateSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  CreateSession(argument: _evalplan_v1_CreateSessionRequest, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _evalplan_v1_CreateSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _evalplan_v1_CreateSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _evalplan_v1_CreateSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _evalplan_v1_CreateSessionRequest, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  
  DeleteOwnerData(argument: _evalplan_v1_DeleteOwnerDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  DeleteOwnerData(argument: _evalplan_v1_DeleteOwnerDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  DeleteOwnerData(argument: _evalplan_v1_DeleteOwnerDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  DeleteOwnerData(argument: _evalplan_v1_DeleteOwnerDataRequest, callback: grpc.requestCallback<_evalplan_v1_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  deleteOwnerData(argument: _evalplan_v1_DeleteOwnerDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  deleteOwnerData(argument: _evalplan_v1_DeleteOwnerDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  deleteOwnerData(argument: _evalplan_v1_DeleteOwnerDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  deleteOwnerData(argument: _evalplan_v1_DeleteOwnerDataRequest, callback: grpc.requestCallback<_evalplan_v1_DeleteOwnerDataResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteProject(argument: _evalplan_v1_DeleteProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  DeleteProject(argument: _evalplan_v1_DeleteProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  DeleteProject(argument: _evalplan_v1_DeleteProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  DeleteProject(argument: _evalplan_v1_DeleteProjectRequest, callback: grpc.requestCallback<_evalplan_v1_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  deleteProject(argument: _evalplan_v1_DeleteProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  deleteProject(argument: _evalplan_v1_DeleteProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  deleteProject(argument: _evalplan_v1_DeleteProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  deleteProject(argument: _evalplan_v1_DeleteProjectRequest, callback: grpc.requestCallback<_evalplan_v1_DeleteProjectResponse__Output>): grpc.ClientUnaryCall;
  
  ExportOwnerProjects(argument: _evalplan_v1_ExportOwnerProjectsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_ExportedProject__Output>;
  ExportOwnerProjects(argument: _evalplan_v1_ExportOwnerProjectsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_ExportedProject__Output>;
  exportOwnerProjects(argument: _evalplan_v1_ExportOwnerProjectsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_ExportedProject__Output>;
  exportOwnerProjects(argument: _evalplan_v1_ExportOwnerProjectsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_evalplan_v1_ExportedProject__Output>;
  
  GeneratePdf(argument: _evalplan_v1_GeneratePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  GeneratePdf(argument: _evalplan_v1_GeneratePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  GeneratePdf(argument: _evalplan_v1_GeneratePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  GeneratePdf(argument: _evalplan_v1_GeneratePdfRequest, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v1_GeneratePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v1_GeneratePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v1_GeneratePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  generatePdf(argument: _evalplan_v1_GeneratePdfRequest, callback: grpc.requestCallback<_evalplan_v1_GeneratePdfResponse__Output>): grpc.ClientUnaryCall;
  
  GetCatalog(argument: _evalplan_v1_GetCatalogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Catalog__Output>): grpc.ClientUnaryCall;
  GetCatalog(argument: _evalplan_v1_GetCatalogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Catalog__Output>): grpc.ClientUnaryCall;
  GetCatalog(argument: _evalplan_v1_GetCatalogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Catalog__Output>): grpc.ClientUnaryCall;
  GetCatalog(argument: _evalplan_v1_GetCatalogRequest, callback: grpc.requestCallback<_evalplan_v1_Catalog__Output>): grpc.ClientUnaryCall;
  getCatalog(argument: _evalplan_v1_GetCatalogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Catalog__Output>): grpc.ClientUnaryCall;
  getCatalog(argument: _evalplan_v1_GetCatalogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Catalog__Output>): grpc.ClientUnaryCall;
  getCatalog(argument: _evalplan_v1_GetCatalogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Catalog__Output>): grpc.ClientUnaryCall;
  getCatalog(argument: _evalplan_v1_GetCatalogRequest, callback: grpc.requestCallback<_evalplan_v1_Catalog__Output>): grpc.ClientUnaryCall;
  
  GetPlan(argument: _evalplan_v1_GetPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Plan__Output>): grpc.ClientUnaryCall;
  GetPlan(argument: _evalplan_v1_GetPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Plan__Output>): grpc.ClientUnaryCall;
  GetPlan(argument: _evalplan_v1_GetPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Plan__Output>): grpc.ClientUnaryCall;
  GetPlan(argument: _evalplan_v1_GetPlanRequest, callback: grpc.requestCallback<_evalplan_v1_Plan__Output>): grpc.ClientUnaryCall;
  getPlan(argument: _evalplan_v1_GetPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Plan__Output>): grpc.ClientUnaryCall;
  getPlan(argument: _evalplan_v1_GetPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Plan__Output>): grpc.ClientUnaryCall;
  getPlan(argument: _evalplan_v1_GetPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Plan__Output>): grpc.ClientUnaryCall;
  getPlan(argument: _evalplan_v1_GetPlanRequest, callback: grpc.requestCallback<_evalplan_v1_Plan__Output>): grpc.ClientUnaryCall;
  
  GetProject(argument: _evalplan_v1_GetProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _evalplan_v1_GetProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _evalplan_v1_GetProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _evalplan_v1_GetProjectRequest, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _evalplan_v1_GetProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _evalplan_v1_GetProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _evalplan_v1_GetProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _evalplan_v1_GetProjectRequest, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  
  GetRecommendations(argument: _evalplan_v1_RecommendationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  GetRecommendations(argument: _evalplan_v1_RecommendationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  GetRecommendations(argument: _evalplan_v1_RecommendationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  GetRecommendations(argument: _evalplan_v1_RecommendationsRequest, callback: grpc.requestCallback<_evalplan_v1_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  getRecommendations(argument: _evalplan_v1_RecommendationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  getRecommendations(argument: _evalplan_v1_RecommendationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  getRecommendations(argument: _evalplan_v1_RecommendationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  getRecommendations(argument: _evalplan_v1_RecommendationsRequest, callback: grpc.requestCallback<_evalplan_v1_RecommendationsResponse__Output>): grpc.ClientUnaryCall;
  
  GetSession(argument: _evalplan_v1_GetSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _evalplan_v1_GetSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _evalplan_v1_GetSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  GetSession(argument: _evalplan_v1_GetSessionRequest, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  getSession(argument: _evalplan_v1_GetSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  getSession(argument: _evalplan_v1_GetSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  getSession(argument: _evalplan_v1_GetSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  getSession(argument: _evalplan_v1_GetSessionRequest, callback: grpc.requestCallback<_evalplan_v1_Session__Output>): grpc.ClientUnaryCall;
  
  ListProjectPdfs(argument: _evalplan_v1_ListProjectPdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListProjectPdfs(argument: _evalplan_v1_ListProjectPdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListProjectPdfs(argument: _evalplan_v1_ListProjectPdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  ListProjectPdfs(argument: _evalplan_v1_ListProjectPdfsRequest, callback: grpc.requestCallback<_evalplan_v1_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  listProjectPdfs(argument: _evalplan_v1_ListProjectPdfsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  listProjectPdfs(argument: _evalplan_v1_ListProjectPdfsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  listProjectPdfs(argument: _evalplan_v1_ListProjectPdfsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  listProjectPdfs(argument: _evalplan_v1_ListProjectPdfsRequest, callback: grpc.requestCallback<_evalplan_v1_ListProjectPdfsResponse__Output>): grpc.ClientUnaryCall;
  
  ListProjects(argument: _evalplan_v1_ListProjectsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _evalplan_v1_ListProjectsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _evalplan_v1_ListProjectsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _evalplan_v1_ListProjectsRequest, callback: grpc.requestCallback<_evalplan_v1_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _evalplan_v1_ListProjectsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _evalplan_v1_ListProjectsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _evalplan_v1_ListProjectsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _evalplan_v1_ListProjectsRequest, callback: grpc.requestCallback<_evalplan_v1_ListProjectsResponse__Output>): grpc.ClientUnaryCall;
  
  SaveStep(argument: _evalplan_v1_SaveStepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  SaveStep(argument: _evalplan_v1_SaveStepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  SaveStep(argument: _evalplan_v1_SaveStepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  SaveStep(argument: _evalplan_v1_SaveStepRequest, callback: grpc.requestCallback<_evalplan_v1_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  saveStep(argument: _evalplan_v1_SaveStepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  saveStep(argument: _evalplan_v1_SaveStepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  saveStep(argument: _evalplan_v1_SaveStepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  saveStep(argument: _evalplan_v1_SaveStepRequest, callback: grpc.requestCallback<_evalplan_v1_SaveStepResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateProject(argument: _evalplan_v1_UpdateProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _evalplan_v1_UpdateProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _evalplan_v1_UpdateProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _evalplan_v1_UpdateProjectRequest, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _evalplan_v1_UpdateProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _evalplan_v1_UpdateProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _evalplan_v1_UpdateProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _evalplan_v1_UpdateProjectRequest, callback: grpc.requestCallback<_evalplan_v1_Project__Output>): grpc.ClientUnaryCall;
  
}

export interface WizardServiceHandlers extends grpc.UntypedServiceImplementation {
  ConvertSession: grpc.handleUnaryCall<_evalplan_v1_ConvertSessionRequest__Output, _evalplan_v1_Project>;
  
  CreateProject: grpc.handleUnaryCall<_evalplan_v1_CreateProjectRequest__Output, _evalplan_v1_Project>;
  
  CreateSession: grpc.handleUnaryCall<_evalplan_v1_CreateSessionRequest__Output, _evalplan_v1_Session>;
  
  DeleteOwnerData: grpc.handleUnaryCall<_evalplan_v1_DeleteOwnerDataRequest__Output, _evalplan_v1_DeleteOwnerDataResponse>;
  
  DeleteProject: grpc.handleUnaryCall<_evalplan_v1_DeleteProjectRequest__Output, _evalplan_v1_DeleteProjectResponse>;
  
  ExportOwnerProjects: grpc.handleServerStreamingCall<_evalplan_v1_ExportOwnerProjectsRequest__Output, _evalplan_v1_ExportedProject>;
  
  GeneratePdf: grpc.handleUnaryCall<_evalplan_v1_GeneratePdfRequest__Output, _evalplan_v1_GeneratePdfResponse>;
  
  GetCatalog: grpc.handleUnaryCall<_evalplan_v1_GetCatalogRequest__Output, _evalplan_v1_Catalog>;
  
  GetPlan: grpc.handleUnaryCall<_evalplan_v1_GetPlanRequest__Output, _evalplan_v1_Plan>;
  
  GetProject: grpc.handleUnaryCall<_evalplan_v1_GetProjectRequest__Output, _evalplan_v1_Project>;
  
  GetRecommendations: grpc.handleUnaryCall<_evalplan_v1_RecommendationsRequest__Output, _evalplan_v1_RecommendationsResponse>;
  
  GetSession: grpc.handleUnaryCall<_evalplan_v1_GetSessionRequest__Output, _evalplan_v1_Session>;
  
  ListProjectPdfs: grpc.handleUnaryCall<_evalplan_v1_ListProjectPdfsRequest__Output, _evalplan_v1_ListProjectPdfsResponse>;
  
  ListProjects: grpc.handleUnaryCall<_evalplan_v1_ListProjectsRequest__Output, _evalplan_v1_ListProjectsResponse>;
  
  SaveStep: grpc.handleUnaryCall<_evalplan_v1_SaveStepRequest__Output, _evalplan_v1_SaveStepResponse>;
  
  UpdateProject: grpc.handleUnaryCall<_evalplan_v1_UpdateProjectRequest__Output, _evalplan_v1_Project>;
  
}

export interface WizardServiceDefinition extends grpc.ServiceDefinition {
  ConvertSession: MethodDefinition<_evalplan_v1_ConvertSessionRequest, _evalplan_v1_Project, _evalplan_v1_ConvertSessionRequest__Output, _evalplan_v1_Project__Output>
  CreateProject: MethodDefinition<_evalplan_v1_CreateProjectRequest, _evalplan_v1_Project, _evalplan_v1_CreateProjectRequest__Output, _evalplan_v1_Project__Output>
  CreateSession: MethodDefinition<_evalplan_v1_CreateSessionRequest, _evalplan_v1_Session, _evalplan_v1_CreateSessionRequest__Output, _evalplan_v1_Session__Output>
  DeleteOwnerData: MethodDefinition<_evalplan_v1_DeleteOwnerDataRequest, _evalplan_v1_DeleteOwnerDataResponse, _evalplan_v1_DeleteOwnerDataRequest__Output, _evalplan_v1_DeleteOwnerDataResponse__Output>
  DeleteProject: MethodDefinition<_evalplan_v1_DeleteProjectRequest, _evalplan_v1_DeleteProjectResponse, _evalplan_v1_DeleteProjectRequest__Output, _evalplan_v1_DeleteProjectResponse__Output>
  ExportOwnerProjects: MethodDefinition<_evalplan_v1_ExportOwnerProjectsRequest, _evalplan_v1_ExportedProject, _evalplan_v1_ExportOwnerProjectsRequest__Output, _evalplan_v1_ExportedProject__Output>
  GeneratePdf: MethodDefinition<_evalplan_v1_GeneratePdfRequest, _evalplan_v1_GeneratePdfResponse, _evalplan_v1_GeneratePdfRequest__Output, _evalplan_v1_GeneratePdfResponse__Output>
  GetCatalog: MethodDefinition<_evalplan_v1_GetCatalogRequest, _evalplan_v1_Catalog, _evalplan_v1_GetCatalogRequest__Output, _evalplan_v1_Catalog__Output>
  GetPlan: MethodDefinition<_evalplan_v1_GetPlanRequest, _evalplan_v1_Plan, _evalplan_v1_GetPlanRequest__Output, _evalplan_v1_Plan__Output>
  GetProject: MethodDefinition<_evalplan_v1_GetProjectRequest, _evalplan_v1_Project, _evalplan_v1_GetProjectRequest__Output, _evalplan_v1_Project__Output>
  GetRecommendations: MethodDefinition<_evalplan_v1_RecommendationsRequest, _evalplan_v1_RecommendationsResponse, _evalplan_v1_RecommendationsRequest__Output, _evalplan_v1_RecommendationsResponse__Output>
  GetSession: MethodDefinition<_evalplan_v1_GetSessionRequest, _evalplan_v1_Session, _evalplan_v1_GetSessionRequest__Output, _evalplan_v1_Session__Output>
  ListProjectPdfs: MethodDefinition<_evalplan_v1_ListProjectPdfsRequest, _evalplan_v1_ListProjectPdfsResponse, _evalplan_v1_ListProjectPdfsRequest__Output, _evalplan_v1_ListProjectPdfsResponse__Output>
  ListProjects: MethodDefinition<_evalplan_v1_ListProjectsRequest, _evalplan_v1_ListProjectsResponse, _evalplan_v1_ListProjectsRequest__Output, _evalplan_v1_ListProjectsResponse__Output>
  SaveStep: MethodDefinition<_evalplan_v1_SaveStepRequest, _evalplan_v1_SaveStepResponse, _evalplan_v1_SaveStepRequest__Output, _evalplan_v1_SaveStepResponse__Output>
  UpdateProject: MethodDefinition<_evalplan_v1_UpdateProjectRequest, _evalplan_v1_Project, _evalplan_v1_UpdateProjectRequest__Output, _evalplan_v1_Project__Output>
}
