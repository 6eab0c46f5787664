// Original file: evalplan/v2/pdf.proto


export interface DeletePdfResponse {
}

export interface DeletePdfResponse__Output {
}
