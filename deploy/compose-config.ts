/**
 * What `docker compose [--profile P] config` checks, for machines without Compose v2 (Debian's
 * docker-compose is v1, which cannot read these files): the file is interpolated as Compose
 * interpolates it, the profile's services are picked, what they refer to must exist, and the result
 * is validated against the Compose Specification's JSON schema and linted by dclint (which bundles
 * that schema). Nothing here knows evalplan.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DCLinter as Linter } from 'dclint' with { 'resolution-mode': 'import' };
import YAML from 'yaml';

/* eslint-disable @typescript-eslint/no-explicit-any -- a Compose file is free-form YAML until the schema has checked it */

// dclint is an ES module with a CommonJS build, which the tests (CommonJS under jest) require.
const { DCLinter } = require('dclint') as { DCLinter: typeof Linter }; // eslint-disable-line @typescript-eslint/no-require-imports

/**
 * Compose's interpolation of one string: $VAR, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error},
 * ${VAR?error}, ${VAR:+replacement}, ${VAR+replacement}, and $$ for a literal $. A required variable
 * that is missing throws, as Compose stops there; so does a nested default, which this does not read.
 */
export function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(/\$(?:\$|\{([A-Za-z_]\w*)(?:(:?[-?+])([^}]*))?\}|([A-Za-z_]\w*))/g, (match, braced, operator, argument, bare) => {
    if (match === '$$') return '$';
    if (argument?.includes('${')) throw new Error(`nested interpolation is not read here: ${text}`);
    const name = (braced ?? bare) as string;
    const value = env[name];
    const set = value !== undefined;
    const nonEmpty = set && value !== '';
    switch (operator as string | undefined) {
      case undefined:
        return value ?? '';
      case ':-':
        return nonEmpty ? value! : interpolate(argument, env);
      case '-':
        return set ? value! : interpolate(argument, env);
      case ':?':
      case '?':
        if (operator === ':?' ? nonEmpty : set) return value!;
        throw new Error(`required variable ${name} is missing a value: ${argument}`);
      case ':+':
        return nonEmpty ? interpolate(argument, env) : '';
      case '+':
        return set ? interpolate(argument, env) : '';
      default:
        throw new Error(`unknown interpolation ${match}`);
    }
  });
}

function interpolateAll(value: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, env));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, env)]));
  return value;
}

export interface ComposeConfig {
  /** The file as `docker compose config` prints it: interpolated, anchors merged, only the profile's services. */
  model: { services: Record<string, any>; volumes?: Record<string, unknown>; networks?: Record<string, unknown>; [key: string]: unknown };
  /** What Compose would refuse: references to services, volumes and files that are not there. */
  problems: string[];
}

/** The Compose model of `file` for these profiles and this environment (variables unset unless given). */
export function composeConfig(
  file: string,
  options: { profiles?: string[]; env?: Record<string, string | undefined> } = {},
): ComposeConfig {
  const profiles = options.profiles ?? [];
  const parsed = YAML.parse(readFileSync(file, 'utf8'), { merge: true }) as Record<string, any>;
  const model = interpolateAll(parsed, options.env ?? {}) as ComposeConfig['model'];
  for (const key of Object.keys(model)) if (key.startsWith('x-')) delete model[key];
  const active = (service: any): boolean => !service.profiles || service.profiles.some((profile: string) => profiles.includes(profile));
  model.services = Object.fromEntries(Object.entries(model.services).filter(([, service]) => active(service)));
  const problems: string[] = [];
  for (const [name, service] of Object.entries(model.services)) {
    const dependencies = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
    for (const dependency of dependencies) {
      if (!model.services[dependency])
        problems.push(`service ${name} depends on ${dependency}, which is not enabled with profiles [${profiles.join(', ')}]`);
    }
    for (const volume of service.volumes ?? []) {
      const source = typeof volume === 'string' ? volume.split(':')[0]! : volume.source;
      const isPath = source.startsWith('.') || source.startsWith('/') || source.startsWith('~');
      if (!isPath && !(model.volumes && source in model.volumes))
        problems.push(`service ${name} mounts volume ${source}, which is not declared`);
      if (source.startsWith('.') && !existsRelative(file, source)) problems.push(`service ${name} mounts ${source}, which does not exist`);
    }
    for (const envFile of service.env_file ?? []) {
      const entry = typeof envFile === 'string' ? { path: envFile, required: true } : { required: true, ...envFile };
      if (entry.required && !existsRelative(file, entry.path))
        problems.push(`service ${name} needs env file ${entry.path}, which does not exist`);
    }
  }
  return { model, problems };
}

const existsRelative = (file: string, relative: string): boolean => existsSync(path.resolve(path.dirname(file), relative));

/** Style rules of dclint left out: key and service order are a matter of taste, not of a working file. */
const STYLE_RULES = [
  'service-keys-order',
  'services-alphabetical-order',
  'top-level-properties-order',
  'service-dependencies-alphabetical-order',
  'service-ports-alphabetical-order',
  'require-quotes-in-ports',
];

/**
 * dclint on a Compose model: the Compose Specification's JSON schema (an `invalid-schema` error for
 * anything it does not allow), then its rules (unpinned images, ports published on every interface,
 * duplicate container names or ports, ...). Gives each error as "<rule>: <message>".
 */
export function lintCompose(model: ComposeConfig['model']): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'compose-config-'));
  try {
    const file = path.join(dir, 'compose.yaml');
    writeFileSync(file, YAML.stringify(model));
    const linter = new DCLinter({
      rules: Object.fromEntries(STYLE_RULES.map((rule) => [rule, 0])),
      quiet: true,
      debug: false,
      exclude: [],
    });
    // Typed here: dclint's declarations import each other without extensions, which ES module resolution does not follow.
    const results = linter.lintFiles([file], false) as Array<{ messages: Array<{ type: string; rule: string; message: string }> }>;
    return results
      .flatMap((result) => result.messages)
      .filter((message) => message.type === 'error')
      .map((message) => `${message.rule}: ${message.message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
