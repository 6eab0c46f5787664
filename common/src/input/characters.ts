import Joi from 'joi';

/** How many characters (Unicode code points) a string holds: a surrogate pair is one. */
export function characterCount(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        index += 1;
      }
    }
  }
  return count;
}

const limit = {
  name: 'limit',
  assert: (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0,
  message: 'must be a whole number',
};

/** A joi string schema with limits counted in characters. */
export interface CharacterStringSchema extends Joi.StringSchema {
  /** At least `least` characters (code points); fails as string.min. */
  minChars(least: number): this;
  /** At most `most` characters (code points); fails as string.max. */
  maxChars(most: number): this;
}

/**
 * joi with string limits counted in characters (Unicode code points), as
 * JSON Schema's minLength and maxLength and PostgreSQL count them, where
 * joi's own min and max count UTF-16 code units (an emoji is two). Failures
 * keep joi's types (string.min, string.max) and their {#limit}, so messages
 * stay as they are; describeForJsonSchema names the rules as joi's own, so a
 * generated schema states the same limits.
 */
export const CharacterJoi = Joi.extend((joi: Joi.Root) => ({
  type: 'string',
  base: joi.string(),
  rules: {
    minChars: {
      method(this: Joi.StringSchema, least: number) {
        return this.$_addRule({ name: 'minChars', args: { limit: least } });
      },
      args: [limit],
      validate(value: string, helpers: Joi.CustomHelpers, args: { limit: number }) {
        return characterCount(value) >= args.limit ? value : helpers.error('string.min', { limit: args.limit });
      },
    },
    maxChars: {
      method(this: Joi.StringSchema, most: number) {
        return this.$_addRule({ name: 'maxChars', args: { limit: most } });
      },
      args: [limit],
      validate(value: string, helpers: Joi.CustomHelpers, args: { limit: number }) {
        // A string of no more code units than the limit has no more characters either.
        return value.length <= args.limit || characterCount(value) <= args.limit
          ? value
          : helpers.error('string.max', { limit: args.limit });
      },
    },
  },
})) as Omit<Joi.Root, 'string'> & { string(): CharacterStringSchema };

const JSON_SCHEMA_RULES: Record<string, string> = { minChars: 'min', maxChars: 'max' };

/** A description's character rules renamed to joi's min and max, everywhere in it. */
function renamed(description: unknown): unknown {
  if (Array.isArray(description)) return description.map(renamed);
  if (typeof description !== 'object' || description === null) return description;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(description)) copy[key] = renamed(value);
  if (typeof copy.name === 'string' && JSON_SCHEMA_RULES[copy.name] && 'args' in copy) copy.name = JSON_SCHEMA_RULES[copy.name];
  return copy;
}

/**
 * The schema's describe(), with character limits named as joi's own min and
 * max: what a describe-based JSON Schema generator (joi-to-json) turns into
 * minLength and maxLength, which count characters too.
 */
export function describeForJsonSchema(schema: Joi.Schema): Joi.Description {
  return renamed(schema.describe()) as Joi.Description;
}
