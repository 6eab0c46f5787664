// Original file: evalplan/v1/wizard.proto


export interface SetPdfUrlResponse {
}

export interface SetPdfUrlResponse__Output {
}
