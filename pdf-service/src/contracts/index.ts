/**
 * What pdf-service's callers (wizard-service, the gateway) must agree on with
 * it beyond its gRPC messages: how long a PDF generation may take, and the
 * generate-pdf body the gateway documents. This entry
 * (`@evalplan/pdf-service/contracts`) is the only part of pdf-service another
 * component may import.
 */
export * from './render-deadline';
export * from './requests';
