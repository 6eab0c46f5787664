/** input: checking what callers send (JSON bodies, storable text, UUIDs) and making ids. */
export * from './validation';
export * from './characters';
export * from './byte-limits';
export * from './ids';
