/** logging: the pino logger every component writes with, summaries of ongoing incidents, and what is never written down. */
export * from './logger';
export * from './incident-log';
export * from './capability-paths';
