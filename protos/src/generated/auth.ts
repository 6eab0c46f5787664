import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AuthResult as _evalplan_v1_AuthResult, AuthResult__Output as _evalplan_v1_AuthResult__Output } from './evalplan/v1/AuthResult';
import type { AuthServiceClient as _evalplan_v1_AuthServiceClient, AuthServiceDefinition as _evalplan_v1_AuthServiceDefinition } from './evalplan/v1/AuthService';
import type { GetUserRequest as _evalplan_v1_GetUserRequest, GetUserRequest__Output as _evalplan_v1_GetUserRequest__Output } from './evalplan/v1/GetUserRequest';
import type { LoginRequest as _evalplan_v1_LoginRequest, LoginRequest__Output as _evalplan_v1_LoginRequest__Output } from './evalplan/v1/LoginRequest';
import type { LogoutRequest as _evalplan_v1_LogoutRequest, LogoutRequest__Output as _evalplan_v1_LogoutRequest__Output } from './evalplan/v1/LogoutRequest';
import type { LogoutResponse as _evalplan_v1_LogoutResponse, LogoutResponse__Output as _evalplan_v1_LogoutResponse__Output } from './evalplan/v1/LogoutResponse';
import type { RefreshRequest as _evalplan_v1_RefreshRequest, RefreshRequest__Output as _evalplan_v1_RefreshRequest__Output } from './evalplan/v1/RefreshRequest';
import type { RegisterRequest as _evalplan_v1_RegisterRequest, RegisterRequest__Output as _evalplan_v1_RegisterRequest__Output } from './evalplan/v1/RegisterRequest';
import type { User as _evalplan_v1_User, User__Output as _evalplan_v1_User__Output } from './evalplan/v1/User';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  evalplan: {
    v1: {
      AuthResult: MessageTypeDefinition<_evalplan_v1_AuthResult, _evalplan_v1_AuthResult__Output>
      AuthService: SubtypeConstructor<typeof grpc.Client, _evalplan_v1_AuthServiceClient> & { service: _evalplan_v1_AuthServiceDefinition }
      GetUserRequest: MessageTypeDefinition<_evalplan_v1_GetUserRequest, _evalplan_v1_GetUserRequest__Output>
      LoginRequest: MessageTypeDefinition<_evalplan_v1_LoginRequest, _evalplan_v1_LoginRequest__Output>
      LogoutRequest: MessageTypeDefinition<_evalplan_v1_LogoutRequest, _evalplan_v1_LogoutRequest__Output>
      LogoutResponse: MessageTypeDefinition<_evalplan_v1_LogoutResponse, _evalplan_v1_LogoutResponse__Output>
      RefreshRequest: MessageTypeDefinition<_evalplan_v1_RefreshRequest, _evalplan_v1_RefreshRequest__Output>
      RegisterRequest: MessageTypeDefinition<_evalplan_v1_RegisterRequest, _evalplan_v1_RegisterRequest__Output>
      User: MessageTypeDefinition<_evalplan_v1_User, _evalplan_v1_User__Output>
    }
  }
}

