// Original file: evalplan/v1/auth.proto


export interface ConfirmPasswordResetResponse {
}

export interface ConfirmPasswordResetResponse__Output {
}
