export * from './typed-json';
