/** logging: the pino logger every component writes with, and summaries of ongoing incidents. */
export * from './logger';
export * from './incident-log';
