import { parsePage, parseProjectFields, parseProjectUpdate } from './project-input';
import { missingPrerequisites } from './wizard-status';

describe('project input', () => {
  it('trims the name and defaults the description', () => {
    expect(parseProjectFields({ name: '  Study ' })).toEqual({ name: 'Study', description: '' });
  });

  it.each([
    [{ name: ' ' }, 'INVALID_PROJECT_NAME'],
    [{ name: 'x'.repeat(201) }, 'INVALID_PROJECT_NAME'],
    [{ name: 'a\u0000b' }, 'INVALID_PROJECT_NAME'],
    [{ name: 'ok', description: 'x'.repeat(2001) }, 'INVALID_INPUT'],
    [{}, 'INVALID_INPUT'],
  ])('refuses %j with %s', (body, code) => {
    expect(() => parseProjectFields(body)).toThrow(expect.objectContaining({ code }));
  });

  it('an update needs a name or a description, and nothing else', () => {
    expect(parseProjectUpdate({ description: 'd' })).toEqual({ description: 'd' });
    expect(() => parseProjectUpdate({})).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => parseProjectUpdate({ name: 'n', ownerId: 'x' })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('pages default to 50 from 0, clamp to 100, and refuse anything but whole numbers', () => {
    expect(parsePage(undefined, undefined)).toEqual({ limit: 50, offset: 0 });
    expect(parsePage(500, 7)).toEqual({ limit: 100, offset: 7 });
    for (const value of [-1, 1.5, 1_000_000_001]) {
      expect(() => parsePage(value, undefined)).toThrow(
        expect.objectContaining({ code: 'INVALID_PAGINATION', details: { field: 'limit' } }),
      );
      expect(() => parsePage(undefined, value)).toThrow(
        expect.objectContaining({ code: 'INVALID_PAGINATION', details: { field: 'offset' } }),
      );
    }
  });
});

describe('missingPrerequisites', () => {
  it('names the earlier steps not saved yet', () => {
    expect(missingPrerequisites({}, 1)).toEqual([]);
    expect(missingPrerequisites({ '2': {} }, 4)).toEqual([1, 3]);
    expect(missingPrerequisites({ '1': {}, '2': {}, '3': {} }, 4)).toEqual([]);
  });
});
