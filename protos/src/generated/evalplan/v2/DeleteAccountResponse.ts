// Original file: evalplan/v2/auth.proto


export interface DeleteAccountResponse {
}

export interface DeleteAccountResponse__Output {
}
