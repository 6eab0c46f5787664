// Original file: evalplan/v1/wizard.proto


export interface CreateSessionRequest {
}

export interface CreateSessionRequest__Output {
}
