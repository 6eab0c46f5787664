/** db: PostgreSQL or embedded PGlite behind one pool interface, migrations and transactions. */
export * from './batches';
export * from './database';
export * from './migrations';
export * from './queryable';
export * from './transaction';
export { sqlStateOf } from './copy-in';
