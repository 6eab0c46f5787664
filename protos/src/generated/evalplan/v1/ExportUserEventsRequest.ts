// Original file: evalplan/v1/activity.proto


export interface ExportUserEventsRequest {
  'userId'?: (string);
}

export interface ExportUserEventsRequest__Output {
  'userId': (string);
}
