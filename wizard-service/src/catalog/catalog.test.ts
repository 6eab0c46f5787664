import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOG_DIR, loadCatalog } from './catalog';
import { CLIENT_ICON_NAMES } from './client-icons';

/** A copy of the shipped catalog with the rules file edited. */
function withRules(edit: (rules: { rules: Array<Record<string, unknown>> }) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-'));
  cpSync(CATALOG_DIR, dir, { recursive: true });
  const file = path.join(dir, 'recommendation-rules.json');
  const rules = JSON.parse(readFileSync(file, 'utf8'));
  edit(rules);
  writeFileSync(file, JSON.stringify(rules));
  return dir;
}

/** A copy of the shipped catalog with catalog.json edited. */
function withCatalog(edit: (catalog: { methods: Array<Record<string, unknown>> }) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-'));
  cpSync(CATALOG_DIR, dir, { recursive: true });
  const file = path.join(dir, 'catalog.json');
  const catalog = JSON.parse(readFileSync(file, 'utf8'));
  edit(catalog);
  writeFileSync(file, JSON.stringify(catalog));
  return dir;
}

describe('catalog icons', () => {
  it('every method, instrument and next step has an icon the web client can draw', () => {
    const { catalog } = loadCatalog();
    const items = [...catalog.methods, ...catalog.instruments, ...catalog.nextSteps];
    const known = new Set<string>(CLIENT_ICON_NAMES);
    expect(items.filter((item) => !known.has(item.icon)).map((item) => `${item.id}: ${item.icon}`)).toEqual([]);
    // The think-aloud card the issue saw as an empty box.
    expect(catalog.methods.find((method) => method.id === 'think-aloud')?.icon).toBe('thought');
  });

  it('refuses a catalog with an icon name the client does not know (it would draw an empty box)', () => {
    const dir = withCatalog((catalog) => {
      catalog.methods[0]!.icon = 'message-circle';
    });
    expect(() => loadCatalog(dir)).toThrow(/methods\[0\]\.icon/);
  });
});

describe('loadCatalog', () => {
  it('loads the shipped catalog: 9 methods, 21 instruments, 10 next steps, 17 goals in 7 categories, 56 rules', () => {
    const { catalog, rules } = loadCatalog();
    expect(catalog.methods).toHaveLength(9);
    expect(catalog.instruments).toHaveLength(21);
    expect(catalog.nextSteps).toHaveLength(10);
    expect(catalog.goalCategories).toHaveLength(7);
    expect(catalog.goalCategories.flatMap((c) => c.goals)).toHaveLength(17);
    expect(rules).toHaveLength(56);
  });

  it('refuses a rule recommending an id the catalog does not have, naming the rule', () => {
    const dir = withRules((doc) => {
      (doc.rules[3]!.recommend as Array<{ id: string }>)[0]!.id = 'no-such-method';
    });
    expect(() => loadCatalog(dir)).toThrow(/recommendation-rules\.json: rule 4 \(step 2\) recommends unknown id "no-such-method"/);
  });

  it('refuses an instrument id in a step 2 rule (wrong list for the step)', () => {
    const dir = withRules((doc) => {
      (doc.rules[0]!.recommend as Array<{ id: string }>)[0]!.id = 'sus';
    });
    expect(() => loadCatalog(dir)).toThrow(/unknown id "sus"/);
  });

  it('refuses a misspelt goal in a condition', () => {
    const dir = withRules((doc) => {
      doc.rules[0]!.when = { goals: ['Usability and Efficiency'] };
    });
    expect(() => loadCatalog(dir)).toThrow(/unknown goals value "Usability and Efficiency"/);
  });

  it('refuses a rule of the wrong shape: unknown condition, bad step, bad priority', () => {
    expect(() => loadCatalog(withRules((doc) => (doc.rules[0]!.when = { mood: ['happy'] })))).toThrow(/mood/);
    expect(() => loadCatalog(withRules((doc) => (doc.rules[0]!.forStep = 5)))).toThrow(/forStep/);
    expect(() =>
      loadCatalog(withRules((doc) => ((doc.rules[0]!.recommend as Array<{ priority: string }>)[0]!.priority = 'Maybe'))),
    ).toThrow(/priority/);
  });
});
