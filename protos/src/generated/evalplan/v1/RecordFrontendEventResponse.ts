// Original file: evalplan/v1/activity.proto


export interface RecordFrontendEventResponse {
}

export interface RecordFrontendEventResponse__Output {
}
