// Original file: evalplan/v1/wizard.proto


export interface DeleteProjectResponse {
}

export interface DeleteProjectResponse__Output {
}
