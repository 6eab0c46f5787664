import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AuthResult as _evalplan_v1_AuthResult, AuthResult__Output as _evalplan_v1_AuthResult__Output } from './evalplan/v1/AuthResult';
import type { AuthServiceClient as _evalplan_v1_AuthServiceClient, AuthServiceDefinition as _evalplan_v1_AuthServiceDefinition } from './evalplan/v1/AuthService';
import type { Caller as _evalplan_v1_Caller, Caller__Output as _evalplan_v1_Caller__Output } from './evalplan/v1/Caller';
import type { ChangePasswordRequest as _evalplan_v1_ChangePasswordRequest, ChangePasswordRequest__Output as _evalplan_v1_ChangePasswordRequest__Output } from './evalplan/v1/ChangePasswordRequest';
import type { ConfirmPasswordResetRequest as _evalplan_v1_ConfirmPasswordResetRequest, ConfirmPasswordResetRequest__Output as _evalplan_v1_ConfirmPasswordResetRequest__Output } from './evalplan/v1/ConfirmPasswordResetRequest';
import type { ConfirmPasswordResetResponse as _evalplan_v1_ConfirmPasswordResetResponse, ConfirmPasswordResetResponse__Output as _evalplan_v1_ConfirmPasswordResetResponse__Output } from './evalplan/v1/ConfirmPasswordResetResponse';
import type { DeleteAccountRequest as _evalplan_v1_DeleteAccountRequest, DeleteAccountRequest__Output as _evalplan_v1_DeleteAccountRequest__Output } from './evalplan/v1/DeleteAccountRequest';
import type { DeleteAccountResponse as _evalplan_v1_DeleteAccountResponse, DeleteAccountResponse__Output as _evalplan_v1_DeleteAccountResponse__Output } from './evalplan/v1/DeleteAccountResponse';
import type { EndSessionRequest as _evalplan_v1_EndSessionRequest, EndSessionRequest__Output as _evalplan_v1_EndSessionRequest__Output } from './evalplan/v1/EndSessionRequest';
import type { EndSessionResponse as _evalplan_v1_EndSessionResponse, EndSessionResponse__Output as _evalplan_v1_EndSessionResponse__Output } from './evalplan/v1/EndSessionResponse';
import type { GetUserRequest as _evalplan_v1_GetUserRequest, GetUserRequest__Output as _evalplan_v1_GetUserRequest__Output } from './evalplan/v1/GetUserRequest';
import type { ListSessionsRequest as _evalplan_v1_ListSessionsRequest, ListSessionsRequest__Output as _evalplan_v1_ListSessionsRequest__Output } from './evalplan/v1/ListSessionsRequest';
import type { ListSessionsResponse as _evalplan_v1_ListSessionsResponse, ListSessionsResponse__Output as _evalplan_v1_ListSessionsResponse__Output } from './evalplan/v1/ListSessionsResponse';
import type { LoginRequest as _evalplan_v1_LoginRequest, LoginRequest__Output as _evalplan_v1_LoginRequest__Output } from './evalplan/v1/LoginRequest';
import type { LogoutAllRequest as _evalplan_v1_LogoutAllRequest, LogoutAllRequest__Output as _evalplan_v1_LogoutAllRequest__Output } from './evalplan/v1/LogoutAllRequest';
import type { LogoutAllResponse as _evalplan_v1_LogoutAllResponse, LogoutAllResponse__Output as _evalplan_v1_LogoutAllResponse__Output } from './evalplan/v1/LogoutAllResponse';
import type { LogoutRequest as _evalplan_v1_LogoutRequest, LogoutRequest__Output as _evalplan_v1_LogoutRequest__Output } from './evalplan/v1/LogoutRequest';
import type { LogoutResponse as _evalplan_v1_LogoutResponse, LogoutResponse__Output as _evalplan_v1_LogoutResponse__Output } from './evalplan/v1/LogoutResponse';
import type { RefreshRequest as _evalplan_v1_RefreshRequest, RefreshRequest__Output as _evalplan_v1_RefreshRequest__Output } from './evalplan/v1/RefreshRequest';
import type { RegisterRequest as _evalplan_v1_RegisterRequest, RegisterRequest__Output as _evalplan_v1_RegisterRequest__Output } from './evalplan/v1/RegisterRequest';
import type { RequestPasswordResetRequest as _evalplan_v1_RequestPasswordResetRequest, RequestPasswordResetRequest__Output as _evalplan_v1_RequestPasswordResetRequest__Output } from './evalplan/v1/RequestPasswordResetRequest';
import type { RequestPasswordResetResponse as _evalplan_v1_RequestPasswordResetResponse, RequestPasswordResetResponse__Output as _evalplan_v1_RequestPasswordResetResponse__Output } from './evalplan/v1/RequestPasswordResetResponse';
import type { SignInSession as _evalplan_v1_SignInSession, SignInSession__Output as _evalplan_v1_SignInSession__Output } from './evalplan/v1/SignInSession';
import type { User as _evalplan_v1_User, User__Output as _evalplan_v1_User__Output } from './evalplan/v1/User';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  evalplan: {
    v1: {
      AuthResult: MessageTypeDefinition<_evalplan_v1_AuthResult, _evalplan_v1_AuthResult__Output>
      AuthService: SubtypeConstructor<typeof grpc.Client, _evalplan_v1_AuthServiceClient> & { service: _evalplan_v1_AuthServiceDefinition }
      Caller: MessageTypeDefinition<_evalplan_v1_Caller, _evalplan_v1_Caller__Output>
      ChangePasswordRequest: MessageTypeDefinition<_evalplan_v1_ChangePasswordRequest, _evalplan_v1_ChangePasswordRequest__Output>
      ConfirmPasswordResetRequest: MessageTypeDefinition<_evalplan_v1_ConfirmPasswordResetRequest, _evalplan_v1_ConfirmPasswordResetRequest__Output>
      ConfirmPasswordResetResponse: MessageTypeDefinition<_evalplan_v1_ConfirmPasswordResetResponse, _evalplan_v1_ConfirmPasswordResetResponse__Output>
      DeleteAccountRequest: MessageTypeDefinition<_evalplan_v1_DeleteAccountRequest, _evalplan_v1_DeleteAccountRequest__Output>
      DeleteAccountResponse: MessageTypeDefinition<_evalplan_v1_DeleteAccountResponse, _evalplan_v1_DeleteAccountResponse__Output>
      EndSessionRequest: MessageTypeDefinition<_evalplan_v1_EndSessionRequest, _evalplan_v1_EndSessionRequest__Output>
      EndSessionResponse: MessageTypeDefinition<_evalplan_v1_EndSessionResponse, _evalplan_v1_EndSessionResponse__Output>
      GetUserRequest: MessageTypeDefinition<_evalplan_v1_GetUserRequest, _evalplan_v1_GetUserRequest__Output>
      ListSessionsRequest: MessageTypeDefinition<_evalplan_v1_ListSessionsRequest, _evalplan_v1_ListSessionsRequest__Output>
      ListSessionsResponse: MessageTypeDefinition<_evalplan_v1_ListSessionsResponse, _evalplan_v1_ListSessionsResponse__Output>
      LoginRequest: MessageTypeDefinition<_evalplan_v1_LoginRequest, _evalplan_v1_LoginRequest__Output>
      LogoutAllRequest: MessageTypeDefinition<_evalplan_v1_LogoutAllRequest, _evalplan_v1_LogoutAllRequest__Output>
      LogoutAllResponse: MessageTypeDefinition<_evalplan_v1_LogoutAllResponse, _evalplan_v1_LogoutAllResponse__Output>
      LogoutRequest: MessageTypeDefinition<_evalplan_v1_LogoutRequest, _evalplan_v1_LogoutRequest__Output>
      LogoutResponse: MessageTypeDefinition<_evalplan_v1_LogoutResponse, _evalplan_v1_LogoutResponse__Output>
      RefreshRequest: MessageTypeDefinition<_evalplan_v1_RefreshRequest, _evalplan_v1_RefreshRequest__Output>
      RegisterRequest: MessageTypeDefinition<_evalplan_v1_RegisterRequest, _evalplan_v1_RegisterRequest__Output>
      RequestPasswordResetRequest: MessageTypeDefinition<_evalplan_v1_RequestPasswordResetRequest, _evalplan_v1_RequestPasswordResetRequest__Output>
      RequestPasswordResetResponse: MessageTypeDefinition<_evalplan_v1_RequestPasswordResetResponse, _evalplan_v1_RequestPasswordResetResponse__Output>
      SignInSession: MessageTypeDefinition<_evalplan_v1_SignInSession, _evalplan_v1_SignInSession__Output>
      User: MessageTypeDefinition<_evalplan_v1_User, _evalplan_v1_User__Output>
    }
  }
}

