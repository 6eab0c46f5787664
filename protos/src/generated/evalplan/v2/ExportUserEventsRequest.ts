// Original file: evalplan/v2/activity.proto


export interface ExportUserEventsRequest {
  'userId'?: (string);
}

export interface ExportUserEventsRequest__Output {
  'userId': (string);
}
