// Original file: evalplan/v2/wizard.proto


export interface GetCatalogRequest {
}

export interface GetCatalogRequest__Output {
}
