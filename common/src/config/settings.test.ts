import { defineSettings, loadSettings } from './settings';
import { configProblems as problemsOf } from './test-support';

describe('loadSettings', () => {
  it('merges the groups, and records they share key by key', () => {
    const listen = defineSettings((read) => ({ services: { auth: { listen: read.string('A', 'a') } } }));
    const target = defineSettings((read) => ({ services: { auth: { target: read.string('B', 'b') } }, port: 1 }));
    expect(loadSettings([listen, [target]], { B: 'x' })).toEqual({ services: { auth: { listen: 'a', target: 'x' } }, port: 1 });
  });

  it('reads a group met twice once, and reports a problem of one variable once', () => {
    let reads = 0;
    const counted = defineSettings((read) => {
      reads += 1;
      return { level: read.integer('LEVEL', 1, 0, 9) };
    });
    const same = defineSettings((read) => ({ again: read.integer('LEVEL', 1, 0, 9) }));
    expect(problemsOf([counted, [counted, same]], { LEVEL: 'ten' })).toEqual([expect.stringContaining('LEVEL must be a whole number')]);
    expect(reads).toBe(1);
  });

  it('reports the problems of every group together, in order', () => {
    const first = defineSettings((read) => ({ a: read.boolean('FIRST', true) }));
    const second = defineSettings((read) => ({ b: read.duration('SECOND', '1s') }));
    expect(problemsOf([first, second], { FIRST: 'maybe', SECOND: 'soon' })).toEqual([
      expect.stringMatching(/^FIRST/),
      expect.stringMatching(/^SECOND/),
    ]);
  });
});
