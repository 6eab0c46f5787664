export * from './server';
export { createApp } from './app';
