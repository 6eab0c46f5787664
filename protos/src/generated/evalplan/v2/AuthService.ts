// Original file: evalplan/v2/auth.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AuthResult as _evalplan_v2_AuthResult, AuthResult__Output as _evalplan_v2_AuthResult__Output } from '../../evalplan/v2/AuthResult';
import type { ChangePasswordRequest as _evalplan_v2_ChangePasswordRequest, ChangePasswordRequest__Output as _evalplan_v2_ChangePasswordRequest__Output } from '../../evalplan/v2/ChangePasswordRequest';
import type { ConfirmPasswordResetRequest as _evalplan_v2_ConfirmPasswordResetRequest, ConfirmPasswordResetRequest__Output as _evalplan_v2_ConfirmPasswordResetRequest__Output } from '../../evalplan/v2/ConfirmPasswordResetRequest';
import type { ConfirmPasswordResetResponse as _evalplan_v2_ConfirmPasswordResetResponse, ConfirmPasswordResetResponse__Output as _evalplan_v2_ConfirmPasswordResetResponse__Output } from '../../evalplan/v2/ConfirmPasswordResetResponse';
import type { DeleteAccountRequest as _evalplan_v2_DeleteAccountRequest, DeleteAccountRequest__Output as _evalplan_v2_DeleteAccountRequest__Output } from '../../evalplan/v2/DeleteAccountRequest';
import type { DeleteAccountResponse as _evalplan_v2_DeleteAccountResponse, DeleteAccountResponse__Output as _evalplan_v2_DeleteAccountResponse__Output } from '../../evalplan/v2/DeleteAccountResponse';
import type { EndSessionRequest as _evalplan_v2_EndSessionRequest, EndSessionRequest__Output as _evalplan_v2_EndSessionRequest__Output } from '../../evalplan/v2/EndSessionRequest';
import type { EndSessionResponse as _evalplan_v2_EndSessionResponse, EndSessionResponse__Output as _evalplan_v2_EndSessionResponse__Output } from '../../evalplan/v2/EndSessionResponse';
import type { GetUserRequest as _evalplan_v2_GetUserRequest, GetUserRequest__Output as _evalplan_v2_GetUserRequest__Output } from '../../evalplan/v2/GetUserRequest';
import type { ListSessionsRequest as _evalplan_v2_ListSessionsRequest, ListSessionsRequest__Output as _evalplan_v2_ListSessionsRequest__Output } from '../../evalplan/v2/ListSessionsRequest';
import type { ListSessionsResponse as _evalplan_v2_ListSessionsResponse, ListSessionsResponse__Output as _evalplan_v2_ListSessionsResponse__Output } from '../../evalplan/v2/ListSessionsResponse';
import type { LoginRequest as _evalplan_v2_LoginRequest, LoginRequest__Output as _evalplan_v2_LoginRequest__Output } from '../../evalplan/v2/LoginRequest';
import type { LogoutAllRequest as _evalplan_v2_LogoutAllRequest, LogoutAllRequest__Output as _evalplan_v2_LogoutAllRequest__Output } from '../../evalplan/v2/LogoutAllRequest';
import type { LogoutAllResponse as _evalplan_v2_LogoutAllResponse, LogoutAllResponse__Output as _evalplan_v2_LogoutAllResponse__Output } from '../../evalplan/v2/LogoutAllResponse';
import type { LogoutRequest as _evalplan_v2_LogoutRequest, LogoutRequest__Output as _evalplan_v2_LogoutRequest__Output } from '../../evalplan/v2/LogoutRequest';
import type { LogoutResponse as _evalplan_v2_LogoutResponse, LogoutResponse__Output as _evalplan_v2_LogoutResponse__Output } from '../../evalplan/v2/LogoutResponse';
import type { RefreshRequest as _evalplan_v2_RefreshRequest, RefreshRequest__Output as _evalplan_v2_RefreshRequest__Output } from '../../evalplan/v2/RefreshRequest';
import type { RegisterRequest as _evalplan_v2_RegisterRequest, RegisterRequest__Output as _evalplan_v2_RegisterRequest__Output } from '../../evalplan/v2/RegisterRequest';
import type { RequestPasswordResetRequest as _evalplan_v2_RequestPasswordResetRequest, RequestPasswordResetRequest__Output as _evalplan_v2_RequestPasswordResetRequest__Output } from '../../evalplan/v2/RequestPasswordResetRequest';
import type { RequestPasswordResetResponse as _evalplan_v2_RequestPasswordResetResponse, RequestPasswordResetResponse__Output as _evalplan_v2_RequestPasswordResetResponse__Output } from '../../evalplan/v2/RequestPasswordResetResponse';
import type { User as _evalplan_v2_User, User__Output as _evalplan_v2_User__Output } from '../../evalplan/v2/User';

export interface AuthServiceClient extends grpc.Client {
  ChangePassword(argument: _evalplan_v2_ChangePasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _evalplan_v2_ChangePasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _evalplan_v2_ChangePasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _evalplan_v2_ChangePasswordRequest, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _evalplan_v2_ChangePasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _evalplan_v2_ChangePasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _evalplan_v2_ChangePasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _evalplan_v2_ChangePasswordRequest, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  
  ConfirmPasswordReset(argument: _evalplan_v2_ConfirmPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  ConfirmPasswordReset(argument: _evalplan_v2_ConfirmPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  ConfirmPasswordReset(argument: _evalplan_v2_ConfirmPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  ConfirmPasswordReset(argument: _evalplan_v2_ConfirmPasswordResetRequest, callback: grpc.requestCallback<_evalplan_v2_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _evalplan_v2_ConfirmPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _evalplan_v2_ConfirmPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _evalplan_v2_ConfirmPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  confirmPasswordReset(argument: _evalplan_v2_ConfirmPasswordResetRequest, callback: grpc.requestCallback<_evalplan_v2_ConfirmPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteAccount(argument: _evalplan_v2_DeleteAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  DeleteAccount(argument: _evalplan_v2_DeleteAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  DeleteAccount(argument: _evalplan_v2_DeleteAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  DeleteAccount(argument: _evalplan_v2_DeleteAccountRequest, callback: grpc.requestCallback<_evalplan_v2_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  deleteAccount(argument: _evalplan_v2_DeleteAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  deleteAccount(argument: _evalplan_v2_DeleteAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  deleteAccount(argument: _evalplan_v2_DeleteAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  deleteAccount(argument: _evalplan_v2_DeleteAccountRequest, callback: grpc.requestCallback<_evalplan_v2_DeleteAccountResponse__Output>): grpc.ClientUnaryCall;
  
  EndSession(argument: _evalplan_v2_EndSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _evalplan_v2_EndSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _evalplan_v2_EndSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _evalplan_v2_EndSessionRequest, callback: grpc.requestCallback<_evalplan_v2_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _evalplan_v2_EndSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _evalplan_v2_EndSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _evalplan_v2_EndSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _evalplan_v2_EndSessionRequest, callback: grpc.requestCallback<_evalplan_v2_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  
  GetUser(argument: _evalplan_v2_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _evalplan_v2_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _evalplan_v2_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _evalplan_v2_GetUserRequest, callback: grpc.requestCallback<_evalplan_v2_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v2_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v2_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v2_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v2_GetUserRequest, callback: grpc.requestCallback<_evalplan_v2_User__Output>): grpc.ClientUnaryCall;
  
  ListSessions(argument: _evalplan_v2_ListSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _evalplan_v2_ListSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _evalplan_v2_ListSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _evalplan_v2_ListSessionsRequest, callback: grpc.requestCallback<_evalplan_v2_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _evalplan_v2_ListSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _evalplan_v2_ListSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _evalplan_v2_ListSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _evalplan_v2_ListSessionsRequest, callback: grpc.requestCallback<_evalplan_v2_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  
  Login(argument: _evalplan_v2_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  Login(argument: _evalplan_v2_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  Login(argument: _evalplan_v2_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  Login(argument: _evalplan_v2_LoginRequest, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  login(argument: _evalplan_v2_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  login(argument: _evalplan_v2_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  login(argument: _evalplan_v2_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  login(argument: _evalplan_v2_LoginRequest, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  
  Logout(argument: _evalplan_v2_LogoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _evalplan_v2_LogoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _evalplan_v2_LogoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _evalplan_v2_LogoutRequest, callback: grpc.requestCallback<_evalplan_v2_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _evalplan_v2_LogoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _evalplan_v2_LogoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _evalplan_v2_LogoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _evalplan_v2_LogoutRequest, callback: grpc.requestCallback<_evalplan_v2_LogoutResponse__Output>): grpc.ClientUnaryCall;
  
  LogoutAll(argument: _evalplan_v2_LogoutAllRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  LogoutAll(argument: _evalplan_v2_LogoutAllRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  LogoutAll(argument: _evalplan_v2_LogoutAllRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  LogoutAll(argument: _evalplan_v2_LogoutAllRequest, callback: grpc.requestCallback<_evalplan_v2_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  logoutAll(argument: _evalplan_v2_LogoutAllRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  logoutAll(argument: _evalplan_v2_LogoutAllRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  logoutAll(argument: _evalplan_v2_LogoutAllRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  logoutAll(argument: _evalplan_v2_LogoutAllRequest, callback: grpc.requestCallback<_evalplan_v2_LogoutAllResponse__Output>): grpc.ClientUnaryCall;
  
  Refresh(argument: _evalplan_v2_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _evalplan_v2_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _evalplan_v2_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _evalplan_v2_RefreshRequest, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  refresh(argument: _evalplan_v2_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  refresh(argument: _evalplan_v2_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  refresh(argument: _evalplan_v2_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  refresh(argument: _evalplan_v2_RefreshRequest, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  
  Register(argument: _evalplan_v2_RegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  Register(argument: _evalplan_v2_RegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  Register(argument: _evalplan_v2_RegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  Register(argument: _evalplan_v2_RegisterRequest, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  register(argument: _evalplan_v2_RegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  register(argument: _evalplan_v2_RegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  register(argument: _evalplan_v2_RegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  register(argument: _evalplan_v2_RegisterRequest, callback: grpc.requestCallback<_evalplan_v2_AuthResult__Output>): grpc.ClientUnaryCall;
  
  RequestPasswordReset(argument: _evalplan_v2_RequestPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _evalplan_v2_RequestPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _evalplan_v2_RequestPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  RequestPasswordReset(argument: _evalplan_v2_RequestPasswordResetRequest, callback: grpc.requestCallback<_evalplan_v2_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _evalplan_v2_RequestPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _evalplan_v2_RequestPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v2_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _evalplan_v2_RequestPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v2_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  requestPasswordReset(argument: _evalplan_v2_RequestPasswordResetRequest, callback: grpc.requestCallback<_evalplan_v2_RequestPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AuthServiceHandlers extends grpc.UntypedServiceImplementation {
  ChangePassword: grpc.handleUnaryCall<_evalplan_v2_ChangePasswordRequest__Output, _evalplan_v2_AuthResult>;
  
  ConfirmPasswordReset: grpc.handleUnaryCall<_evalplan_v2_ConfirmPasswordResetRequest__Output, _evalplan_v2_ConfirmPasswordResetResponse>;
  
  DeleteAccount: grpc.handleUnaryCall<_evalplan_v2_DeleteAccountRequest__Output, _evalplan_v2_DeleteAccountResponse>;
  
  EndSession: grpc.handleUnaryCall<_evalplan_v2_EndSessionRequest__Output, _evalplan_v2_EndSessionResponse>;
  
  GetUser: grpc.handleUnaryCall<_evalplan_v2_GetUserRequest__Output, _evalplan_v2_User>;
  
  ListSessions: grpc.handleUnaryCall<_evalplan_v2_ListSessionsRequest__Output, _evalplan_v2_ListSessionsResponse>;
  
  Login: grpc.handleUnaryCall<_evalplan_v2_LoginRequest__Output, _evalplan_v2_AuthResult>;
  
  Logout: grpc.handleUnaryCall<_evalplan_v2_LogoutRequest__Output, _evalplan_v2_LogoutResponse>;
  
  LogoutAll: grpc.handleUnaryCall<_evalplan_v2_LogoutAllRequest__Output, _evalplan_v2_LogoutAllResponse>;
  
  Refresh: grpc.handleUnaryCall<_evalplan_v2_RefreshRequest__Output, _evalplan_v2_AuthResult>;
  
  Register: grpc.handleUnaryCall<_evalplan_v2_RegisterRequest__Output, _evalplan_v2_AuthResult>;
  
  RequestPasswordReset: grpc.handleUnaryCall<_evalplan_v2_RequestPasswordResetRequest__Output, _evalplan_v2_RequestPasswordResetResponse>;
  
}

export interface AuthServiceDefinition extends grpc.ServiceDefinition {
  ChangePassword: MethodDefinition<_evalplan_v2_ChangePasswordRequest, _evalplan_v2_AuthResult, _evalplan_v2_ChangePasswordRequest__Output, _evalplan_v2_AuthResult__Output>
  ConfirmPasswordReset: MethodDefinition<_evalplan_v2_ConfirmPasswordResetRequest, _evalplan_v2_ConfirmPasswordResetResponse, _evalplan_v2_ConfirmPasswordResetRequest__Output, _evalplan_v2_ConfirmPasswordResetResponse__Output>
  DeleteAccount: MethodDefinition<_evalplan_v2_DeleteAccountRequest, _evalplan_v2_DeleteAccountResponse, _evalplan_v2_DeleteAccountRequest__Output, _evalplan_v2_DeleteAccountResponse__Output>
  EndSession: MethodDefinition<_evalplan_v2_EndSessionRequest, _evalplan_v2_EndSessionResponse, _evalplan_v2_EndSessionRequest__Output, _evalplan_v2_EndSessionResponse__Output>
  GetUser: MethodDefinition<_evalplan_v2_GetUserRequest, _evalplan_v2_User, _evalplan_v2_GetUserRequest__Output, _evalplan_v2_User__Output>
  ListSessions: MethodDefinition<_evalplan_v2_ListSessionsRequest, _evalplan_v2_ListSessionsResponse, _evalplan_v2_ListSessionsRequest__Output, _evalplan_v2_ListSessionsResponse__Output>
  Login: MethodDefinition<_evalplan_v2_LoginRequest, _evalplan_v2_AuthResult, _evalplan_v2_LoginRequest__Output, _evalplan_v2_AuthResult__Output>
  Logout: MethodDefinition<_evalplan_v2_LogoutRequest, _evalplan_v2_LogoutResponse, _evalplan_v2_LogoutRequest__Output, _evalplan_v2_LogoutResponse__Output>
  LogoutAll: MethodDefinition<_evalplan_v2_LogoutAllRequest, _evalplan_v2_LogoutAllResponse, _evalplan_v2_LogoutAllRequest__Output, _evalplan_v2_LogoutAllResponse__Output>
  Refresh: MethodDefinition<_evalplan_v2_RefreshRequest, _evalplan_v2_AuthResult, _evalplan_v2_RefreshRequest__Output, _evalplan_v2_AuthResult__Output>
  Register: MethodDefinition<_evalplan_v2_RegisterRequest, _evalplan_v2_AuthResult, _evalplan_v2_RegisterRequest__Output, _evalplan_v2_AuthResult__Output>
  RequestPasswordReset: MethodDefinition<_evalplan_v2_RequestPasswordResetRequest, _evalplan_v2_RequestPasswordResetResponse, _evalplan_v2_RequestPasswordResetRequest__Output, _evalplan_v2_RequestPasswordResetResponse__Output>
}
