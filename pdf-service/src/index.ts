export * from './server';
export * from './config';
export { tuneV8ForRendering } from './render/v8-flags';
