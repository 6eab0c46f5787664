// Original file: evalplan/v1/pdf.proto


export interface CheckRenderResponse {
}

export interface CheckRenderResponse__Output {
}
