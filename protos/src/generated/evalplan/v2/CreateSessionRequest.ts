// Original file: evalplan/v2/wizard.proto


export interface CreateSessionRequest {
}

export interface CreateSessionRequest__Output {
}
