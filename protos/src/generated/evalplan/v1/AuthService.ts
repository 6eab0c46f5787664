// Original file: evalplan/v1/auth.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AuthResult as _evalplan_v1_AuthResult, AuthResult__Output as _evalplan_v1_AuthResult__Output } from '../../evalplan/v1/AuthResult';
import type { ChangePasswordRequest as _evalplan_v1_ChangePasswordRequest, ChangePasswordRequest__Output as _evalplan_v1_ChangePasswordRequest__Output } from '../../evalplan/v1/ChangePasswordRequest';
import type { ConfirmPasswordResetRequest as _evalplan_v1_ConfirmPasswordResetRequest, ConfirmPasswordResetRequest__Output as _evalplan_v1_ConfirmPasswordResetRequest__Output } from '../../evalplan/v1/ConfirmPasswordResetRequest';
import type { ConfirmPasswordResetResponse as _evalplan_v1_ConfirmPasswordResetResponse, ConfirmPasswordResetResponse__Output as _evalplan_v1_ConfirmPasswordResetResponse__Output } from '../../evalplan/v1/ConfirmPasswordResetResponse';
import type { DeleteAccountRequest as _evalplan_v1_DeleteAccountRequest, DeleteAccountRequest__Output as _evalplan_v1_DeleteAccountRequest__Output } from '../../evalplan/v1/DeleteAccountRequest';
import type { DeleteAccountResponse as _evalplan_v1_DeleteAccountResponse, DeleteAccountResponse__Output as _evalplan_v1_DeleteAccountResponse__Output } from '../../evalplan/v1/DeleteAccountResponse';
import type { EndSessionRequest as _evalplan_v1_EndSessionRequest, EndSessionRequest__Output as _evalplan_v1_EndSessionRequest__Output } from '../../evalplan/v1/EndSessionRequest';
import type { EndSessionResponse as _evalplan_v1_EndSessionResponse, EndSessionResponse__Output as _evalplan_v1_EndSessionResponse__Output } from '../../evalplan/v1/EndSessionResponse';
import type { GetUserRequest as _evalplan_v1_GetUserRequest, GetUserRequest__Output as _evalplan_v1_GetUserRequest__Output } from '../../evalplan/v1/GetUserRequest';
import type { ListSessionsRequest as _evalplan_v1_ListSessionsRequest, ListSessionsRequest__Output as _evalplan_v1_ListSessionsRequest__Output } from '../../evalplan/v1/ListSessionsRequest';
import type { ListSessionsResponse as _evalplan_v1_ListSessionsResponse, ListSessionsResponse__Output as _evalplan_v1_ListSessionsResponse__Output } from '../../evalplan/v1/ListSessionsResponse';
import type { LoginRequest as _evalplan_v1_LoginRequest, LoginRequest__Output as _evalplan_v1_LoginRequest__Output } from '../../evalplan/v1/LoginRequest';
import type { LogoutAllRequest as _evalplan_v1_LogoutAllRequest, LogoutAllRequest__Output as _evalplan_v1_LogoutAllRequest__Output } from '../../evalplan/v1/LogoutAllRequest';
import type { LogoutAllResponse as _evalplan_v1_LogoutAllResponse, LogoutAllResponse__Output as _evalplan_v1_LogoutAllResponse__Output } from '../../evalplan/v1/LogoutAllResponse';
import type { LogoutRequest as _evalplan_v1_LogoutRequest, LogoutRequest__Output as _evalplan_v1_LogoutRequest__Output } from '../../evalplan/v1/LogoutRequest';
import type { LogoutResponse as _evalplan_v1_LogoutResponse, LogoutResponse__Output as _evalplan_v1_LogoutResponse__Output } from '../../evalplan/v1/LogoutResponse';
import type { RefreshRequest as _evalplan_v1_RefreshRequest, RefreshRequest__Output as _evalplan_v1_RefreshRequest__Output } from '../../evalplan/v1/RefreshRequest';
import type { RegisterRequest as _evalplan_v1_RegisterRequest, RegisterRequest__Output as _evalplan_v1_RegisterRequest__Output } from '../../evalplan/v1/RegisterRequest';
import type { RequestPasswordResetRequest as _evalplan_v1_RequestPasswordResetRequest, RequestPasswordResetRequest__Output as _evalplan_v1_RequestPasswordResetRequest__Output } from '../../evalplan/v1/RequestPasswordResetRequest';
import type { RequestPasswordResetResponse as _evalplan_v1_RequestPasswordResetResponse, RequestPasswordResetResponse__Output as _evalplan_v1_RequestPasswordResetResponse__Output } from '../../evalplan/v1/RequestPasswordResetResponse';
import type { User as _evalplan_v1_User, User__Output as _evalplan_v1_User__Output } from '../../evalplan/v1/User';

export interface AuthServiceClient extends grpc.Client {
  ChangePassword(argument: _evalplan_v1_ChangePasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _evalplan_v1_ChangePasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _evalplan_v1_ChangePasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _evalplan_v1_ChangePasswordRequest, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _evalplan_v1_ChangePasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _evalplan_v1_ChangePasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _evalplan_v1_ChangePasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _evalplan_v1_ChangePasswordRequest, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  
  ConfirmPasswordReset(argument: _evalplan_v1_ConfirmPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  ConfirmPasswordReset(argument: _evalplan_v1_ConfirmPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  ConfirmPasswordReset(argument: _evalplan_v1_ConfirmPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  ConfirmPasswordReset(argument: _evalplan_v1_ConfirmPasswordResetRequest, callback: grpc.requestCallback<_evalplan_v1_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _evalplan_v1_ConfirmPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _evalplan_v1_ConfirmPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _evalplan_v1_ConfirmPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _evalplan_v1_ConfirmPasswordResetRequest, callback: grpc.requestCallback<_evalplan_v1_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteAccount(argument: _evalplan_v1_DeleteAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  DeleteAccount(argument: _evalplan_v1_DeleteAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  DeleteAccount(argument: _evalplan_v1_DeleteAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  DeleteAccount(argument: _evalplan_v1_DeleteAccountRequest, callback: grpc.requestCallback<_evalplan_v1_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  deleteAccount(argument: _evalplan_v1_DeleteAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  deleteAccount(argument: _evalplan_v1_DeleteAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  deleteAccount(argument: _evalplan_v1_DeleteAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  deleteAccount(argument: _evalplan_v1_DeleteAccountRequest, callback: grpc.requestCallback<_evalplan_v1_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  
  EndSession(argument: _evalplan_v1_EndSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _evalplan_v1_EndSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _evalplan_v1_EndSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _evalplan_v1_EndSessionRequest, callback: grpc.requestCallback<_evalplan_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _evalplan_v1_EndSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _evalplan_v1_EndSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _evalplan_v1_EndSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _evalplan_v1_EndSessionRequest, callback: grpc.requestCallback<_evalplan_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  
  GetUser(argument: _evalplan_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _evalplan_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _evalplan_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _evalplan_v1_GetUserRequest, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v1_GetUserRequest, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  
  ListSessions(argument: _evalplan_v1_ListSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _evalplan_v1_ListSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _evalplan_v1_ListSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _evalplan_v1_ListSessionsRequest, callback: grpc.requestCallback<_evalplan_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _evalplan_v1_ListSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _evalplan_v1_ListSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _evalplan_v1_ListSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _evalplan_v1_ListSessionsRequest, callback: grpc.requestCallback<_evalplan_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  
  Login(argument: _evalplan_v1_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  Login(argument: _evalplan_v1_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  Login(argument: _evalplan_v1_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  Login(argument: _evalplan_v1_LoginRequest, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  login(argument: _evalplan_v1_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  login(argument: _evalplan_v1_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  login(argument: _evalplan_v1_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  login(argument: _evalplan_v1_LoginRequest, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  
  Logout(argument: _evalplan_v1_LogoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _evalplan_v1_LogoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _evalplan_v1_LogoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _evalplan_v1_LogoutRequest, callback: grpc.requestCallback<_evalplan_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _evalplan_v1_LogoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _evalplan_v1_LogoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _evalplan_v1_LogoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _evalplan_v1_LogoutRequest, callback: grpc.requestCallback<_evalplan_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  
  LogoutAll(argument: _evalplan_v1_LogoutAllRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  LogoutAll(argument: _evalplan_v1_LogoutAllRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  LogoutAll(argument: _evalplan_v1_LogoutAllRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  LogoutAll(argument: _evalplan_v1_LogoutAllRequest, callback: grpc.requestCallback<_evalplan_v1_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  logoutAll(argument: _evalplan_v1_LogoutAllRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  logoutAll(argument: _evalplan_v1_LogoutAllRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  logoutAll(argument: _evalplan_v1_LogoutAllRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  logoutAll(argument: _evalplan_v1_LogoutAllRequest, callback: grpc.requestCallback<_evalplan_v1_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  
  Refresh(argument: _evalplan_v1_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _evalplan_v1_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _evalplan_v1_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _evalplan_v1_RefreshRequest, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  refresh(argument: _evalplan_v1_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  refresh(argument: _evalplan_v1_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  refresh(argument: _evalplan_v1_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  refresh(argument: _evalplan_v1_RefreshRequest, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  
  Register(argument: _evalplan_v1_RegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  Register(argument: _evalplan_v1_RegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  Register(argument: _evalplan_v1_RegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  Register(argument: _evalplan_v1_RegisterRequest, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  register(argument: _evalplan_v1_RegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  register(argument: _evalplan_v1_RegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  register(argument: _evalplan_v1_RegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  register(argument: _evalplan_v1_RegisterRequest, callback: grpc.requestCallback<_evalplan_v1_AuthResult__Output>): grpc.ClientUnaryCall;
  
  RequestPasswordReset(argument: _evalplan_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _evalplan_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _evalplan_v1_RequestPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _evalplan_v1_RequestPasswordResetRequest, callback: grpc.requestCallback<_evalplan_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _evalplan_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _evalplan_v1_RequestPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _evalplan_v1_RequestPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _evalplan_v1_RequestPasswordResetRequest, callback: grpc.requestCallback<_evalplan_v1_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AuthServiceHandlers extends grpc.UntypedServiceImplementation {
  ChangePassword: grpc.handleUnaryCall<_evalplan_v1_ChangePasswordRequest__Output, _evalplan_v1_AuthResult>;
  
  ConfirmPasswordReset: grpc.handleUnaryCall<_evalplan_v1_ConfirmPasswordResetRequest__Output, _evalplan_v1_ConfirmPasswordResetResponse>;
  
  DeleteAccount: grpc.handleUnaryCall<_evalplan_v1_DeleteAccountRequest__Output, _evalplan_v1_DeleteAccountResponse>;
  
  EndSession: grpc.handleUnaryCall<_evalplan_v1_EndSessionRequest__Output, _evalplan_v1_EndSessionResponse>;
  
  GetUser: grpc.handleUnaryCall<_evalplan_v1_GetUserRequest__Output, _evalplan_v1_User>;
  
  ListSessions: grpc.handleUnaryCall<_evalplan_v1_ListSessionsRequest__Output, _evalplan_v1_ListSessionsResponse>;
  
  Login: grpc.handleUnaryCall<_evalplan_v1_LoginRequest__Output, _evalplan_v1_AuthResult>;
  
  Logout: grpc.handleUnaryCall<_evalplan_v1_LogoutRequest__Output, _evalplan_v1_LogoutResponse>;
  
  LogoutAll: grpc.handleUnaryCall<_evalplan_v1_LogoutAllRequest__Output, _evalplan_v1_LogoutAllResponse>;
  
  Refresh: grpc.handleUnaryCall<_evalplan_v1_RefreshRequest__Output, _evalplan_v1_AuthResult>;
  
  Register: grpc.handleUnaryCall<_evalplan_v1_RegisterRequest__Output, _evalplan_v1_AuthResult>;
  
  RequestPasswordReset: grpc.handleUnaryCall<_evalplan_v1_RequestPasswordResetRequest__Output, _evalplan_v1_RequestPasswordResetResponse>;
  
}

export interface AuthServiceDefinition extends grpc.ServiceDefinition {
  ChangePassword: MethodDefinition<_evalplan_v1_ChangePasswordRequest, _evalplan_v1_AuthResult, _evalplan_v1_ChangePasswordRequest__Output, _evalplan_v1_AuthResult__Output>
  ConfirmPasswordReset: MethodDefinition<_evalplan_v1_ConfirmPasswordResetRequest, _evalplan_v1_ConfirmPasswordResetResponse, _evalplan_v1_ConfirmPasswordResetRequest__Output, _evalplan_v1_ConfirmPasswordResetResponse__Output>
  DeleteAccount: MethodDefinition<_evalplan_v1_DeleteAccountRequest, _evalplan_v1_DeleteAccountResponse, _evalplan_v1_DeleteAccountRequest__Output, _evalplan_v1_DeleteAccountResponse__Output>
  EndSession: MethodDefinition<_evalplan_v1_EndSessionRequest, _evalplan_v1_EndSessionResponse, _evalplan_v1_EndSessionRequest__Output, _evalplan_v1_EndSessionResponse__Output>
  GetUser: MethodDefinition<_evalplan_v1_GetUserRequest, _evalplan_v1_User, _evalplan_v1_GetUserRequest__Output, _evalplan_v1_User__Output>
  ListSessions: MethodDefinition<_evalplan_v1_ListSessionsRequest, _evalplan_v1_ListSessionsResponse, _evalplan_v1_ListSessionsRequest__Output, _evalplan_v1_ListSessionsResponse__Output>
  Login: MethodDefinition<_evalplan_v1_LoginRequest, _evalplan_v1_AuthResult, _evalplan_v1_LoginRequest__Output, _evalplan_v1_AuthResult__Output>
  Logout: MethodDefinition<_evalplan_v1_LogoutRequest, _evalplan_v1_LogoutResponse, _evalplan_v1_LogoutRequest__Output, _evalplan_v1_LogoutResponse__Output>
  LogoutAll: MethodDefinition<_evalplan_v1_LogoutAllRequest, _evalplan_v1_LogoutAllResponse, _evalplan_v1_LogoutAllRequest__Output, _evalplan_v1_LogoutAllResponse__Output>
  Refresh: MethodDefinition<_evalplan_v1_RefreshRequest, _evalplan_v1_AuthResult, _evalplan_v1_RefreshRequest__Output, _evalplan_v1_AuthResult__Output>
  Register: MethodDefinition<_evalplan_v1_RegisterRequest, _evalplan_v1_AuthResult, _evalplan_v1_RegisterRequest__Output, _evalplan_v1_AuthResult__Output>
  RequestPasswordReset: MethodDefinition<_evalplan_v1_RequestPasswordResetRequest, _evalplan_v1_RequestPasswordResetResponse, _evalplan_v1_RequestPasswordResetRequest__Output, _evalplan_v1_RequestPasswordResetResponse__Output>
}
