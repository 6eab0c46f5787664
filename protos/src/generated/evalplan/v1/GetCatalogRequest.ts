// Original file: evalplan/v1/wizard.proto


export interface GetCatalogRequest {
}

export interface GetCatalogRequest__Output {
}
