// Original file: evalplan/v2/auth.proto


export interface ConfirmPasswordResetResponse {
}

export interface ConfirmPasswordResetResponse__Output {
}
