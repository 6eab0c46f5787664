// Original file: evalplan/v2/auth.proto


export interface LogoutResponse {
}

export interface LogoutResponse__Output {
}
