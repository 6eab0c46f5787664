// Original file: evalplan/v2/wizard.proto


export interface DeleteProjectResponse {
}

export interface DeleteProjectResponse__Output {
}
