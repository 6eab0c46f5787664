/**
 * What activity-service and others must agree on beyond its gRPC messages:
 * the schema of a client-reported event, from which the gateway's OpenAPI
 * document is generated. This entry (`@evalplan/activity-service/contracts`)
 * is the only part of activity-service another component may import.
 */
export * from './requests';
