// Original file: evalplan/v1/pdf.proto


export interface DeletePdfsResponse {
}

export interface DeletePdfsResponse__Output {
}
