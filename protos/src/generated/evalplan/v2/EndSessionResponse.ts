// Original file: evalplan/v2/auth.proto


export interface EndSessionResponse {
}

export interface EndSessionResponse__Output {
}
