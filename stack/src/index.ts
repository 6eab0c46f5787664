export * from './stack';
export * from './config';
