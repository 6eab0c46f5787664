/** config: shared setting groups (runtime, storage, gRPC, access tokens) each component composes into its own configuration. */
export { parseBytes, parseDuration, redactUrl } from './parsers';
export { type Env, EnvReader } from './env-reader';
export { type ConfigOf, ConfigError, defineSettings, groupPerKey, loadSettings, type SettingGroup, type Settings } from './settings';
export * from './runtime-settings';
export * from './storage-settings';
export * from './grpc-settings';
export * from './service-settings';
export * from './access-token-settings';
export { configProblems } from './test-support';
