/** dependencies: waiting for PostgreSQL and Redis at start-up, telling their failures apart, and watching them while running. */
export * from './failures';
export * from './monitor';
export * from './wait';
export * from './process-dependencies';
