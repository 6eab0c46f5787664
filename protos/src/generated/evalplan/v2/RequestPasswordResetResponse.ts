// Original file: evalplan/v2/auth.proto


export interface RequestPasswordResetResponse {
}

export interface RequestPasswordResetResponse__Output {
}
