// The fixed values of the gateway's answers, for the code that builds them and for
// the schemas (./responses.ts) alike. Kept apart so a route needs no schema library.

/** What a recommendation matched in the wizard, by kind. */
export const MATCH_KINDS = [
  'goal',
  'method',
  'instrument',
  'projectType',
  'participants',
  'developmentStage',
  'accessibility',
  'time',
  'constraint',
  'research',
] as const;

/** How strongly a recommendation is made. */
export const PRIORITIES = ['Recommended', 'Engagement'] as const;

/** `value` typed as one of `values`; anything else is a fault of the service that sent it, not an answer to pass on. */
export function oneOfOrThrow<const T extends readonly string[]>(values: T, value: string, what: string): T[number] {
  if (!(values as readonly string[]).includes(value)) throw new Error(`unexpected ${what} ${JSON.stringify(value)}`);
  return value;
}

/** Why an e-mail was held back. */
export const MAIL_HELD_BACK = ['RATE_LIMITED'] as const;
