/** rate-limit: fixed-window limits per subject over the shared cache, and the subject a client address is limited under. */
export * from './client-address';
export * from './rate-limiter';
