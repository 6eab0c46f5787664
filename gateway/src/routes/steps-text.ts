import { stepsJsonText } from '@evalplan/protos';
import type { Context } from 'koa';

/**
 * Stands in for a steps object while the rest of the answer is serialised.
 * It holds NUL, which no stored or client-sent string can (the services
 * refuse it), so it cannot collide with data; it is checked all the same.
 */
const PLACEHOLDER = '\u0000steps\u0000';
const PLACEHOLDER_TEXT = JSON.stringify(PLACEHOLDER);

/**
 * Answers with a body that carries wizard steps (a session, a project, a
 * step save, a page of projects), as answerText writes it.
 */
export function respondWithSteps(ctx: Context, answer: object): void {
  ctx.body = answerText(answer);
  ctx.type = 'application/json';
}

/**
 * The answer as JSON text. Each steps object whose JSON text protos keeps
 * beside it (stepsJsonText) goes in as that text instead of being serialised
 * again on every read, which the typed answers cost over the stored text the
 * gateway passed through before them (docs/benchmarks.md, issue 37). The
 * text is the same as JSON.stringify(answer) gives.
 */
export function answerText(answer: object): string {
  const texts: string[] = [];
  const body = JSON.stringify(answer, (key, value: unknown) => {
    if (key !== 'steps') return value;
    const text = stepsJsonText(value);
    if (text === undefined) return value;
    texts.push(text);
    return PLACEHOLDER;
  });
  if (texts.length === 0) return body;
  return spliced(body, texts) ?? JSON.stringify(answer);
}

/** The body with each placeholder replaced by its text, in order; undefined if the count is not what was placed. */
function spliced(body: string, texts: readonly string[]): string | undefined {
  const parts = body.split(PLACEHOLDER_TEXT);
  if (parts.length !== texts.length + 1) return undefined;
  let text = parts[0]!;
  for (let index = 0; index < texts.length; index += 1) text += texts[index]! + parts[index + 1]!;
  return text;
}
