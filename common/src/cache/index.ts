/** cache: Redis, or an in-process store on embedded defaults, behind one interface. */
export * from './cache';
