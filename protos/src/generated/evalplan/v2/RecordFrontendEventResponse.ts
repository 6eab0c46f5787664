// Original file: evalplan/v2/activity.proto


export interface RecordFrontendEventResponse {
}

export interface RecordFrontendEventResponse__Output {
}
