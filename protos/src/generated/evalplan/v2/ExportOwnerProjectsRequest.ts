// Original file: evalplan/v2/wizard.proto


export interface ExportOwnerProjectsRequest {
  'ownerId'?: (string);
}

export interface ExportOwnerProjectsRequest__Output {
  'ownerId': (string);
}
