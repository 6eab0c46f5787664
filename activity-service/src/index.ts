export * from './server';
export * from './config';
export type { RetentionPeriod } from './domain/partitions';
