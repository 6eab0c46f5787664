// Original file: evalplan/v1/auth.proto


export interface LogoutResponse {
}

export interface LogoutResponse__Output {
}
