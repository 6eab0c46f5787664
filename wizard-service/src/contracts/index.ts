/**
 * What wizard-service and others must agree on beyond its gRPC messages: the
 * request bodies' schemas, from which the gateway's OpenAPI document is
 * generated. This entry (`@evalplan/wizard-service/contracts`) is the only
 * part of wizard-service another component may import.
 */
export * from './requests';
