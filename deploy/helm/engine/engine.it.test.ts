/**
 * The engine renders as `helm template` does: values (defaults, -f, --set, --set-string, null),
 * Helm's functions and objects, the order and shape of its output, and its refusals. The chart in
 * testdata/probe prints what templates are given.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { engineBinary, renderChart } from '.';

const PROBE = path.join(__dirname, 'testdata', 'probe');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'engine-'));
// Built once up front: the first build of the engine on a machine takes about 30 s.
beforeAll(() => void engineBinary(), 180_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = (...args: string[]) => renderChart(['r', PROBE, ...args]);

/** The probe's ConfigMap data, rendered with these arguments. */
async function probe(...args: string[]): Promise<Record<string, string>> {
  const result = await run(...args);
  expect(result).toMatchObject({ code: 0, stderr: '' });
  const first = result.stdout.split(/^---\n# Source: .+\n/m)[1]!;
  return (YAML.parse(first) as { data: Record<string, string> }).data;
}
const valuesOf = async (...args: string[]) => JSON.parse((await probe(...args))['values.json']!) as Record<string, unknown>;

function writeValues(values: string): string {
  const file = path.join(scratch, `values-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, values);
  return file;
}

describe('output', () => {
  it('prints each document under its source, resources by kind as helm applies them, hooks last, no NOTES or partials', async () => {
    const { stdout, code } = await run();
    expect(code).toBe(0);
    const documents = stdout
      .split(/^---\n/m)
      .slice(1)
      .map((document) => `${/^# Source: (.+)$/m.exec(document)![1]} ${/^kind: (\w+)$/m.exec(document)?.[1] ?? 'comments'}`);
    expect(documents).toEqual([
      'probe/templates/values.yaml ConfigMap',
      'probe/templates/order.yaml Service',
      'probe/templates/order.yaml Deployment',
      'probe/templates/order.yaml comments',
      'probe/templates/order.yaml Job',
    ]);
    expect(stdout).not.toContain('Notes are rendered');
    expect(stdout).not.toContain('probe.greeting');
  });

  it('prints one template with --show-only, and refuses a template that is not there', async () => {
    const only = await run('--show-only', 'templates/order.yaml');
    expect(only.stdout.match(/^# Source: .+$/gm)).toEqual(Array(4).fill('# Source: probe/templates/order.yaml'));
    expect(await run('-s', 'templates/nope.yaml')).toMatchObject({
      code: 1,
      stderr: 'Error: could not find template templates/nope.yaml in chart\n',
    });
  });
});

describe('values', () => {
  it('are the chart defaults, with YAML numbers as float64 (so toString writes 1e+06, as in helm)', async () => {
    const data = await probe();
    expect(await valuesOf()).toEqual({
      name: 'probe',
      count: 1000000,
      ratio: 0.5,
      nested: { keep: 'kept', drop: 'dropped' },
      list: ['a', 'b'],
    });
    expect([data.count, data.countJson, data.countYaml]).toEqual(['1e+06', '1000000', '1000000']);
  });

  it('take -f files in order, maps merged, null removing a default, and --set over both', async () => {
    const first = writeValues('name: first\nnested: { extra: 1 }\n');
    const second = writeValues('name: second\nnested: { drop: null }\n');
    expect(await valuesOf('-f', first, '-f', second)).toMatchObject({ name: 'second', nested: { keep: 'kept', extra: 1 } });
    expect((await valuesOf('-f', first, '-f', second)).nested).not.toHaveProperty('drop');
    expect(await valuesOf('-f', second, '--set', 'name=set')).toMatchObject({ name: 'set' });
  });

  it('--set infers types as helm does; --set-string does not', async () => {
    const values = await valuesOf('--set', 'a=1,b=true,c=007,d=0,e=null,f=text,nested.keep=null', '--set-string', 'g=2,h=true');
    expect(values).toMatchObject({ a: 1, b: true, c: '007', d: 0, f: 'text', g: '2', h: 'true' });
    expect(values).not.toHaveProperty('e');
    expect(values.nested).toEqual({ drop: 'dropped' });
  });

  it('--set takes lists, list indexes, nested paths and escaped separators', async () => {
    const values = await valuesOf('--set', 'list={x,y,z},items[1].name=second,path.to.leaf=v,escaped=a\\,b,dotted\\.key=k');
    expect(values).toMatchObject({
      list: ['x', 'y', 'z'],
      items: [null, { name: 'second' }],
      path: { to: { leaf: 'v' } },
      escaped: 'a,b',
      'dotted.key': 'k',
    });
  });

  it('--set refuses what it cannot read, and list indexes beyond 65536', async () => {
    for (const bad of ['novalue', 'a[x]=1', 'a[70000]=1', 'a=1,,b=2', '[0]=1']) {
      const result = await run('--set', bad);
      expect([bad, result.code]).toEqual([bad, 1]);
      expect(result.stderr).toMatch(/^Error: --set/);
    }
  });

  it('are checked against values.schema.json before rendering', async () => {
    const result = await run('--set', 'count=many');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "Error: values don't meet the specifications of the schema(s) in the following chart(s):\nprobe:\n- count: Invalid type. Expected: integer, given: string\n",
    );
  });
});

describe('functions and objects', () => {
  it("Helm's functions: include, tpl, fromYaml (an error under Error), toJson, toYaml, lookup (nothing, as in helm template)", async () => {
    expect(await probe()).toMatchObject({ include: 'hello probe', tpl: 'PROBE-r', fromYaml: '1', fromYamlError: 'true', lookup: '0' });
  });

  it('.Release, .Chart, .Capabilities, .Files (without what .helmignore names) and .Template', async () => {
    expect(await probe('-n', 'evaluation', '--kube-version', '1.29.4', '--api-versions', 'example.com/v1')).toMatchObject({
      release: 'Helm true 1 evaluation',
      chart: 'probe 1.2.3 4.5',
      kube: 'v1.29.4 1 29',
      apis: 'true true',
      files: 'one|line 2|2',
      ignored: '"" ""',
      template: 'probe/templates/values.yaml',
    });
    expect(await probe()).toMatchObject({ apis: 'true false' });
  });

  it('fail and required stop the render with their message and where', async () => {
    expect(await run('--set', 'fail=it broke')).toMatchObject({
      code: 1,
      stderr: 'Error: execution error at (probe/templates/conditional.yaml:1:25): it broke\n',
    });
    expect(await run('--set', 'needed.other=1')).toMatchObject({
      code: 1,
      stderr: 'Error: execution error at (probe/templates/conditional.yaml:2:27): needed.value is required\n',
    });
  });

  it('a field of a missing map is an error; a missing key is empty, or an error with --strict', async () => {
    expect((await run('--set', 'deep.x=1')).stderr).toMatch(/nil pointer evaluating interface \{\}\.field/);
    expect((await run('--set', 'strictProbe=true')).stdout).not.toContain('absent=');
    // Strict as helm's: every key a template reads must be there, conditions included.
    const strict = await run('--set', 'strictProbe=true,fail=,needed=,deep=,recurse=false', '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/map has no entry for key "absent"/);
  });

  it('stops an include that includes itself, with a readable error', async () => {
    const result = await run('--set', 'recurse=true');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/rendering template has a nested reference name: probe\.loop\n$/);
    expect(result.stderr.length).toBeLessThan(1300);
  });

  it('has no env or expandenv: a chart cannot read the environment of whoever renders it', async () => {
    const chart = path.join(scratch, 'env-chart');
    cpSync(PROBE, chart, { recursive: true });
    writeFileSync(path.join(chart, 'templates', 'env.yaml'), 'home: {{ env "HOME" }}\n');
    const result = await renderChart(['r', chart]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/function "env" not defined/);
  });
});

describe('refusals', () => {
  it("a cluster version outside Chart.yaml's kubeVersion", async () => {
    expect(await run('--kube-version', '1.24.3')).toMatchObject({
      code: 1,
      stderr: 'Error: chart requires kubeVersion: >=1.25.0-0 which is incompatible with Kubernetes v1.24.3\n',
    });
  });

  it('unknown flags and a missing chart, with the usage', async () => {
    expect(await renderChart(['r', PROBE, '--bogus'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^Error: unknown flag --bogus\n\nusage:/),
    });
    expect(await renderChart(['r', path.join(scratch, 'nothing-here')])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Error: not a chart/),
    });
  });
});
