import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { AccountDeletion as _evalplan_v2_AccountDeletion, AccountDeletion__Output as _evalplan_v2_AccountDeletion__Output } from './evalplan/v2/AccountDeletion';
import type { AuthResult as _evalplan_v2_AuthResult, AuthResult__Output as _evalplan_v2_AuthResult__Output } from './evalplan/v2/AuthResult';
import type { AuthServiceClient as _evalplan_v2_AuthServiceClient, AuthServiceDefinition as _evalplan_v2_AuthServiceDefinition } from './evalplan/v2/AuthService';
import type { Caller as _evalplan_v2_Caller, Caller__Output as _evalplan_v2_Caller__Output } from './evalplan/v2/Caller';
import type { ChangePasswordRequest as _evalplan_v2_ChangePasswordRequest, ChangePasswordRequest__Output as _evalplan_v2_ChangePasswordRequest__Output } from './evalplan/v2/ChangePasswordRequest';
import type { ConfirmPasswordResetRequest as _evalplan_v2_ConfirmPasswordResetRequest, ConfirmPasswordResetRequest__Output as _evalplan_v2_ConfirmPasswordResetRequest__Output } from './evalplan/v2/ConfirmPasswordResetRequest';
import type { ConfirmPasswordResetResponse as _evalplan_v2_ConfirmPasswordResetResponse, ConfirmPasswordResetResponse__Output as _evalplan_v2_ConfirmPasswordResetResponse__Output } from './evalplan/v2/ConfirmPasswordResetResponse';
import type { Credentials as _evalplan_v2_Credentials, Credentials__Output as _evalplan_v2_Credentials__Output } from './evalplan/v2/Credentials';
import type { DeleteAccountRequest as _evalplan_v2_DeleteAccountRequest, DeleteAccountRequest__Output as _evalplan_v2_DeleteAccountRequest__Output } from './evalplan/v2/DeleteAccountRequest';
import type { DeleteAccountResponse as _evalplan_v2_DeleteAccountResponse, DeleteAccountResponse__Output as _evalplan_v2_DeleteAccountResponse__Output } from './evalplan/v2/DeleteAccountResponse';
import type { EndSessionRequest as _evalplan_v2_EndSessionRequest, EndSessionRequest__Output as _evalplan_v2_EndSessionRequest__Output } from './evalplan/v2/EndSessionRequest';
import type { EndSessionResponse as _evalplan_v2_EndSessionResponse, EndSessionResponse__Output as _evalplan_v2_EndSessionResponse__Output } from './evalplan/v2/EndSessionResponse';
import type { GetUserRequest as _evalplan_v2_GetUserRequest, GetUserRequest__Output as _evalplan_v2_GetUserRequest__Output } from './evalplan/v2/GetUserRequest';
import type { ListSessionsRequest as _evalplan_v2_ListSessionsRequest, ListSessionsRequest__Output as _evalplan_v2_ListSessionsRequest__Output } from './evalplan/v2/ListSessionsRequest';
import type { ListSessionsResponse as _evalplan_v2_ListSessionsResponse, ListSessionsResponse__Output as _evalplan_v2_ListSessionsResponse__Output } from './evalplan/v2/ListSessionsResponse';
import type { LoginRequest as _evalplan_v2_LoginRequest, LoginRequest__Output as _evalplan_v2_LoginRequest__Output } from './evalplan/v2/LoginRequest';
import type { LogoutAllRequest as _evalplan_v2_LogoutAllRequest, LogoutAllRequest__Output as _evalplan_v2_LogoutAllRequest__Output } from './evalplan/v2/LogoutAllRequest';
import type { LogoutAllResponse as _evalplan_v2_LogoutAllResponse, LogoutAllResponse__Output as _evalplan_v2_LogoutAllResponse__Output } from './evalplan/v2/LogoutAllResponse';
import type { LogoutRequest as _evalplan_v2_LogoutRequest, LogoutRequest__Output as _evalplan_v2_LogoutRequest__Output } from './evalplan/v2/LogoutRequest';
import type { LogoutResponse as _evalplan_v2_LogoutResponse, LogoutResponse__Output as _evalplan_v2_LogoutResponse__Output } from './evalplan/v2/LogoutResponse';
import type { PasswordChange as _evalplan_v2_PasswordChange, PasswordChange__Output as _evalplan_v2_PasswordChange__Output } from './evalplan/v2/PasswordChange';
import type { PasswordResetConfirmation as _evalplan_v2_PasswordResetConfirmation, PasswordResetConfirmation__Output as _evalplan_v2_PasswordResetConfirmation__Output } from './evalplan/v2/PasswordResetConfirmation';
import type { PasswordResetFields as _evalplan_v2_PasswordResetFields, PasswordResetFields__Output as _evalplan_v2_PasswordResetFields__Output } from './evalplan/v2/PasswordResetFields';
import type { RefreshRequest as _evalplan_v2_RefreshRequest, RefreshRequest__Output as _evalplan_v2_RefreshRequest__Output } from './evalplan/v2/RefreshRequest';
import type { RegisterRequest as _evalplan_v2_RegisterRequest, RegisterRequest__Output as _evalplan_v2_RegisterRequest__Output } from './evalplan/v2/RegisterRequest';
import type { RequestPasswordResetRequest as _evalplan_v2_RequestPasswordResetRequest, RequestPasswordResetRequest__Output as _evalplan_v2_RequestPasswordResetRequest__Output } from './evalplan/v2/RequestPasswordResetRequest';
import type { RequestPasswordResetResponse as _evalplan_v2_RequestPasswordResetResponse, RequestPasswordResetResponse__Output as _evalplan_v2_RequestPasswordResetResponse__Output } from './evalplan/v2/RequestPasswordResetResponse';
import type { SignInSession as _evalplan_v2_SignInSession, SignInSession__Output as _evalplan_v2_SignInSession__Output } from './evalplan/v2/SignInSession';
import type { User as _evalplan_v2_User, User__Output as _evalplan_v2_User__Output } from './evalplan/v2/User';
import type { ListValue as _google_protobuf_ListValue, ListValue__Output as _google_protobuf_ListValue__Output } from './google/protobuf/ListValue';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from './google/protobuf/Struct';
import type { Value as _google_protobuf_Value, Value__Output as _google_protobuf_Value__Output } from './google/protobuf/Value';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  evalplan: {
    v2: {
      AccountDeletion: MessageTypeDefinition<_evalplan_v2_AccountDeletion, _evalplan_v2_AccountDeletion__Output>
      AuthResult: MessageTypeDefinition<_evalplan_v2_AuthResult, _evalplan_v2_AuthResult__Output>
      AuthService: SubtypeConstructor<typeof grpc.Client, _evalplan_v2_AuthServiceClient> & { service: _evalplan_v2_AuthServiceDefinition }
      Caller: MessageTypeDefinition<_evalplan_v2_Caller, _evalplan_v2_Caller__Output>
      ChangePasswordRequest: MessageTypeDefinition<_evalplan_v2_ChangePasswordRequest, _evalplan_v2_ChangePasswordRequest__Output>
      ConfirmPasswordResetRequest: MessageTypeDefinition<_evalplan_v2_ConfirmPasswordResetRequest, _evalplan_v2_ConfirmPasswordResetRequest__Output>
      ConfirmPasswordResetResponse: MessageTypeDefinition<_evalplan_v2_ConfirmPasswordResetResponse, _evalplan_v2_ConfirmPasswordResetResponse__Output>
      Credentials: MessageTypeDefinition<_evalplan_v2_Credentials, _evalplan_v2_Credentials__Output>
      DeleteAccountRequest: MessageTypeDefinition<_evalplan_v2_DeleteAccountRequest, _evalplan_v2_DeleteAccountRequest__Output>
      DeleteAccountResponse: MessageTypeDefinition<_evalplan_v2_DeleteAccountResponse, _evalplan_v2_DeleteAccountResponse__Output>
      EndSessionRequest: MessageTypeDefinition<_evalplan_v2_EndSessionRequest, _evalplan_v2_EndSessionRequest__Output>
      EndSessionResponse: MessageTypeDefinition<_evalplan_v2_EndSessionResponse, _evalplan_v2_EndSessionResponse__Output>
      GetUserRequest: MessageTypeDefinition<_evalplan_v2_GetUserRequest, _evalplan_v2_GetUserRequest__Output>
      ListSessionsRequest: MessageTypeDefinition<_evalplan_v2_ListSessionsRequest, _evalplan_v2_ListSessionsRequest__Output>
      ListSessionsResponse: MessageTypeDefinition<_evalplan_v2_ListSessionsResponse, _evalplan_v2_ListSessionsResponse__Output>
      LoginRequest: MessageTypeDefinition<_evalplan_v2_LoginRequest, _evalplan_v2_LoginRequest__Output>
      LogoutAllRequest: MessageTypeDefinition<_evalplan_v2_LogoutAllRequest, _evalplan_v2_LogoutAllRequest__Output>
      LogoutAllResponse: MessageTypeDefinition<_evalplan_v2_LogoutAllResponse, _evalplan_v2_LogoutAllResponse__Output>
      LogoutRequest: MessageTypeDefinition<_evalplan_v2_LogoutRequest, _evalplan_v2_LogoutRequest__Output>
      LogoutResponse: MessageTypeDefinition<_evalplan_v2_LogoutResponse, _evalplan_v2_LogoutResponse__Output>
      PasswordChange: MessageTypeDefinition<_evalplan_v2_PasswordChange, _evalplan_v2_PasswordChange__Output>
      PasswordResetConfirmation: MessageTypeDefinition<_evalplan_v2_PasswordResetConfirmation, _evalplan_v2_PasswordResetConfirmation__Output>
      PasswordResetFields: MessageTypeDefinition<_evalplan_v2_PasswordResetFields, _evalplan_v2_PasswordResetFields__Output>
      RefreshRequest: MessageTypeDefinition<_evalplan_v2_RefreshRequest, _evalplan_v2_RefreshRequest__Output>
      RegisterRequest: MessageTypeDefinition<_evalplan_v2_RegisterRequest, _evalplan_v2_RegisterRequest__Output>
      RequestPasswordResetRequest: MessageTypeDefinition<_evalplan_v2_RequestPasswordResetRequest, _evalplan_v2_RequestPasswordResetRequest__Output>
      RequestPasswordResetResponse: MessageTypeDefinition<_evalplan_v2_RequestPasswordResetResponse, _evalplan_v2_RequestPasswordResetResponse__Output>
      SignInSession: MessageTypeDefinition<_evalplan_v2_SignInSession, _evalplan_v2_SignInSession__Output>
      User: MessageTypeDefinition<_evalplan_v2_User, _evalplan_v2_User__Output>
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

