export * from './stack';
export * from './config';
export { loadMigrateConfig } from './migrations';
