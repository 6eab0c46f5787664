export * from './server';
export * from './config';
export { createApp } from './app';
export { openApiDocument } from './openapi/document';
export { CONTRACT_STEP_DATA_EXAMPLES, STEP_DATA_EXAMPLES } from './openapi/examples';
