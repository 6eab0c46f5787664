// Original file: evalplan/v1/auth.proto


export interface EndSessionResponse {
}

export interface EndSessionResponse__Output {
}
