import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadStackConfig } from './config';

/**
 * Every setting a component reads is in the configuration table (docs/configuration.md) and
 * in .env.example: a newcomer learns settings from those two, so one missing
 * there does not exist for them. The names come from two places, so neither
 * a conditional read nor a name built at run time slips through: the
 * variables `npm start`'s configuration asks its environment for, and every
 * `read.<kind>('NAME'` in the components' sources.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const COMPONENTS = ['common', 'gateway', 'auth-service', 'wizard-service', 'pdf-service', 'activity-service', 'stack'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function namesInSources(): Set<string> {
  const names = new Set<string>();
  for (const component of COMPONENTS) {
    for (const file of sourceFiles(path.join(ROOT, component, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bread\.\w+\(\s*'([A-Z][A-Z0-9_]*)'/g)) names.add(match[1]!);
    }
  }
  return names;
}

function namesAskedFor(): Set<string> {
  const asked = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_target, name) {
      if (typeof name === 'string') asked.add(name);
      return undefined;
    },
  });
  loadStackConfig(env);
  return asked;
}

const configurationTable = readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8');
const envExample = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
const settings = [...new Set([...namesInSources(), ...namesAskedFor()])].sort();

describe('documented settings', () => {
  it('finds the settings it checks', () => {
    expect(settings).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'AUTH_SERVICE_ADDR', 'PDF_SERVICE_TARGET', 'ACCESS_LOG']));
  });

  it('lists every setting in the configuration table (docs/configuration.md)', () => {
    // Table rows may group names: `AUTH_SERVICE_ADDR` / `_TARGET`, `HOST`, `PORT`.
    const undocumented = settings.filter((name) => {
      if (configurationTable.includes(`\`${name}\``)) return false;
      const suffix = /_(ADDR|TARGET|TIMEOUT)$/.exec(name);
      return !(suffix && configurationTable.includes(`\`${name.slice(0, -suffix[0].length)}_`));
    });
    expect(undocumented).toEqual([]);
  });

  it('lists every setting in .env.example', () => {
    expect(settings.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(envExample))).toEqual([]);
  });
});
