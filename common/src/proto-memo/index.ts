export * from './proto-memo';
