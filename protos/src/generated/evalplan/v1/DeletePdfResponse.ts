// Original file: evalplan/v1/pdf.proto


export interface DeletePdfResponse {
}

export interface DeletePdfResponse__Output {
}
