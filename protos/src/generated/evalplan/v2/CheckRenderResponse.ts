// Original file: evalplan/v2/pdf.proto


export interface CheckRenderResponse {
}

export interface CheckRenderResponse__Output {
}
