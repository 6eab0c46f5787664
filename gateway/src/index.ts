export * from './server';
export * from './config';
export { createApp } from './app';
export { openApiDocument } from './openapi/document';
