import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOG_DIR, loadCatalog, type Catalog } from './catalog';
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
function withCatalog(edit: (catalog: Catalog) => void): string {
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

describe('catalog facts', () => {
  const instrument = (catalog: Catalog, id: string) => catalog.instruments.find((i) => i.id === id)!;

  it('loads the shipped catalog: facts for every method and instrument, each cited source once in references', () => {
    const { catalog } = loadCatalog();
    const keys = catalog.references.map((reference) => reference.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const item of [...catalog.methods, ...catalog.instruments]) {
      expect(item.facts.cites.filter((key) => !keys.includes(key))).toEqual([]);
    }
    // A questionnaire gives each of these facts or says that no source confirms it, never both.
    for (const questionnaire of catalog.instruments.filter((i) => i.category === 'questionnaire')) {
      for (const field of ['items', 'responseFormat', 'minutes', 'licence'] as const) {
        expect([questionnaire.id, field, questionnaire.facts[field] === undefined]).toEqual([
          questionnaire.id,
          field,
          questionnaire.facts.unconfirmed?.includes(field) ?? false,
        ]);
      }
    }
    expect(instrument(catalog, 'ueq').facts.items).toEqual([{ count: 26 }, { version: 'UEQ-S', count: 8 }]);
    expect(catalog.methods.find((m) => m.id === 'focus-group')?.facts).toMatchObject({
      researcherTime: 'per-group',
      groupSize: { low: 5, high: 10 },
    });
  });

  it('refuses a questionnaire without minutes that does not list them as unconfirmed, naming it', () => {
    const missing = withCatalog((catalog) => {
      delete instrument(catalog, 'sus').facts.minutes;
    });
    expect(() => loadCatalog(missing)).toThrow(
      /"instruments\[\d+\]\.facts\.minutes" is required unless "unconfirmed" lists "minutes" \(instrument "sus"\)/,
    );
    const unconfirmed = withCatalog((catalog) => {
      const { facts } = instrument(catalog, 'sus');
      delete facts.minutes;
      facts.unconfirmed = ['minutes'];
    });
    expect(() => loadCatalog(unconfirmed)).not.toThrow();
  });

  it('refuses a cite to a reference the catalog does not have, and a reference key used twice', () => {
    const unknown = withCatalog((catalog) => {
      instrument(catalog, 'sus').facts.cites.push('nobody-2020');
    });
    expect(() => loadCatalog(unknown)).toThrow(/catalog\.json: instrument "sus" cites unknown reference "nobody-2020"/);
    const twice = withCatalog((catalog) => {
      catalog.references.push({ ...catalog.references[0]! });
    });
    expect(() => loadCatalog(twice)).toThrow(/reference key "[a-z0-9-]+" is used more than once/);
  });

  it('refuses an unknown goal in the facts of a method or an instrument', () => {
    const method = withCatalog((catalog) => {
      catalog.methods[0]!.facts.goals.push('Usability and Efficiency');
    });
    expect(() => loadCatalog(method)).toThrow(
      /catalog\.json: method "think-aloud" names unknown goal "Usability and Efficiency" in its facts/,
    );
    const questionnaire = withCatalog((catalog) => {
      instrument(catalog, 'pens').facts.goals.push('Competence');
    });
    expect(() => loadCatalog(questionnaire)).toThrow(/instrument "pens" names unknown goal "Competence"/);
  });

  it('SUS measures usability and guidance but not competence; PENS measures competence', () => {
    const { catalog } = loadCatalog();
    expect(instrument(catalog, 'sus').facts.goals).toEqual(['Usability & Efficiency', 'Guidance & Feedback']);
    expect(instrument(catalog, 'sus').facts.goals).not.toContain('Competence / Mastery');
    expect(instrument(catalog, 'pens').facts.goals).toContain('Competence / Mastery');
  });
});
