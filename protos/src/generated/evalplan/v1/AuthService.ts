// Original file: evalplan/v1/auth.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AuthResult as _evalplan_v1_AuthResult, AuthResult__Output as _evalplan_v1_AuthResult__Output } from '../../evalplan/v1/AuthResult';
import type { GetUserRequest as _evalplan_v1_GetUserRequest, GetUserRequest__Output as _evalplan_v1_GetUserRequest__Output } from '../../evalplan/v1/GetUserRequest';
import type { LoginRequest as _evalplan_v1_LoginRequest, LoginRequest__Output as _evalplan_v1_LoginRequest__Output } from '../../evalplan/v1/LoginRequest';
import type { LogoutRequest as _evalplan_v1_LogoutRequest, LogoutRequest__Output as _evalplan_v1_LogoutRequest__Output } from '../../evalplan/v1/LogoutRequest';
import type { LogoutResponse as _evalplan_v1_LogoutResponse, LogoutResponse__Output as _evalplan_v1_LogoutResponse__Output } from '../../evalplan/v1/LogoutResponse';
import type { RefreshRequest as _evalplan_v1_RefreshRequest, RefreshRequest__Output as _evalplan_v1_RefreshRequest__Output } from '../../evalplan/v1/RefreshRequest';
import type { RegisterRequest as _evalplan_v1_RegisterRequest, RegisterRequest__Output as _evalplan_v1_RegisterRequest__Output } from '../../evalplan/v1/RegisterRequest';
import type { User as _evalplan_v1_User, User__Output as _evalplan_v1_User__Output } from '../../evalplan/v1/User';

export interface AuthServiceClient extends grpc.Client {
  GetUser(argument: _evalplan_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _evalplan_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _evalplan_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _evalplan_v1_GetUserRequest, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _evalplan_v1_GetUserRequest, callback: grpc.requestCallback<_evalplan_v1_User__Output>): grpc.ClientUnaryCall;
  
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
  
}

export interface AuthServiceHandlers extends grpc.UntypedServiceImplementation {
  GetUser: grpc.handleUnaryCall<_evalplan_v1_GetUserRequest__Output, _evalplan_v1_User>;
  
  Login: grpc.handleUnaryCall<_evalplan_v1_LoginRequest__Output, _evalplan_v1_AuthResult>;
  
  Logout: grpc.handleUnaryCall<_evalplan_v1_LogoutRequest__Output, _evalplan_v1_LogoutResponse>;
  
  Refresh: grpc.handleUnaryCall<_evalplan_v1_RefreshRequest__Output, _evalplan_v1_AuthResult>;
  
  Register: grpc.handleUnaryCall<_evalplan_v1_RegisterRequest__Output, _evalplan_v1_AuthResult>;
  
}

export interface AuthServiceDefinition extends grpc.ServiceDefinition {
  GetUser: MethodDefinition<_evalplan_v1_GetUserRequest, _evalplan_v1_User, _evalplan_v1_GetUserRequest__Output, _evalplan_v1_User__Output>
  Login: MethodDefinition<_evalplan_v1_LoginRequest, _evalplan_v1_AuthResult, _evalplan_v1_LoginRequest__Output, _evalplan_v1_AuthResult__Output>
  Logout: MethodDefinition<_evalplan_v1_LogoutRequest, _evalplan_v1_LogoutResponse, _evalplan_v1_LogoutRequest__Output, _evalplan_v1_LogoutResponse__Output>
  Refresh: MethodDefinition<_evalplan_v1_RefreshRequest, _evalplan_v1_AuthResult, _evalplan_v1_RefreshRequest__Output, _evalplan_v1_AuthResult__Output>
  Register: MethodDefinition<_evalplan_v1_RegisterRequest, _evalplan_v1_AuthResult, _evalplan_v1_RegisterRequest__Output, _evalplan_v1_AuthResult__Output>
}
