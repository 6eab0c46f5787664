import parse from 'joi-to-json';
import { CharacterJoi, characterCount, describeForJsonSchema } from './characters';

/** String limits in characters, as a generated JSON Schema states them. */
describe('CharacterJoi', () => {
  it('counts a surrogate pair as one character, and a broken half as one', () => {
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('🎮🎮')).toBe(2);
    expect(characterCount('a\ud800b')).toBe(3);
    expect(characterCount('\udc00\ud800')).toBe(2);
  });

  it('takes 128 emoji under maxChars(128) and refuses 129 with string.max and its limit', () => {
    const schema = CharacterJoi.string().maxChars(128);
    expect(schema.validate('🎮'.repeat(128)).error).toBeUndefined();
    const refused = schema.validate('🎮'.repeat(129)).error?.details[0];
    expect({ type: refused?.type, limit: refused?.context?.limit }).toEqual({ type: 'string.max', limit: 128 });
  });

  it('takes 8 emoji under minChars(8) and refuses 7 with string.min', () => {
    const schema = CharacterJoi.string().minChars(8);
    expect(schema.validate('🎮'.repeat(8)).error).toBeUndefined();
    expect(schema.validate('🎮'.repeat(7)).error?.details[0]?.type).toBe('string.min');
  });

  it('is described with the limits JSON Schema names', () => {
    const schema = CharacterJoi.object({ password: CharacterJoi.string().minChars(8).maxChars(128) });
    expect(parse({ describe: () => describeForJsonSchema(schema) }, 'open-api-3.1')).toMatchObject({
      properties: { password: { type: 'string', minLength: 8, maxLength: 128 } },
    });
  });
});
