import { type Env, EnvReader } from './env-reader';

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** One group of settings: reads its variables, parsed and checked; problems go to the reader. */
export interface SettingGroup<T extends object> {
  readonly read: (env: EnvReader) => T;
}

/** Groups as a component composes them, nested freely; a group met twice is read once. */
export type Settings = SettingGroup<object> | readonly Settings[];

export function defineSettings<T extends object>(read: (env: EnvReader) => T): SettingGroup<T> {
  return { read };
}

type GroupValues<S> = S extends SettingGroup<infer T> ? T : S extends ReadonlyArray<infer E> ? GroupValues<E> : never;
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The configuration object of some settings: every group's fields together. */
export type ConfigOf<S extends Settings> = Intersection<GroupValues<S>>;

function groupsOf(settings: Settings, into: Set<SettingGroup<object>>): Set<SettingGroup<object>> {
  if ('read' in settings) into.add(settings);
  else for (const part of settings) groupsOf(part, into);
  return into;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Groups may share a parent field (services, activity): their records merge, key by key. */
function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isRecord(existing) && isRecord(value)) mergeInto(existing, value);
    else target[key] = isRecord(value) ? { ...value } : value;
  }
}

/**
 * Reads the groups of `settings` from `env`, each once. Collects every
 * problem and reports them together, so a misconfigured deployment fails
 * once with the full list instead of one variable at a time.
 */
export function loadSettings<S extends Settings>(settings: S, env: Env = process.env): ConfigOf<S> {
  return readSettings(settings, env) as ConfigOf<S>;
}

/** loadSettings without the type of what it reads. */
export function readSettings(settings: Settings, env: Env): object {
  const read = new EnvReader(env);
  const config: Record<string, unknown> = {};
  for (const group of groupsOf(settings, new Set())) mergeInto(config, group.read(read) as Record<string, unknown>);
  // Groups that read one variable (NODE_ENV, DATA_DIR) would otherwise repeat its problem.
  const problems = [...new Set(read.problems)];
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** One group per key, made once: components composing the same keyed group share it, so it is read once. */
export function groupPerKey<K extends string, T extends object>(make: (key: K) => SettingGroup<T>): (key: K) => SettingGroup<T> {
  const made = new Map<K, SettingGroup<T>>();
  return (key) => {
    const existing = made.get(key);
    if (existing) return existing;
    const group = make(key);
    made.set(key, group);
    return group;
  };
}
