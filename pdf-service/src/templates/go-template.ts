import { formatGoDate } from './go-date';

/**
 * The subset of Go's text/template that plan templates use (docs/decisions.md,
 * decision 6): {{ .Field }} and {{ .A.B }}, {{ . }}, if / else if / else /
 * end, range / else / end (dot becomes the element), comments, trim markers
 * ({{- and -}}), string and number literals, pipelines with |, and the
 * functions join, formatDate, default, eq, ne, not, and, or, len. Every value
 * written out is HTML-escaped. No template can define or call templates, so
 * execution always ends.
 */

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

type Arg =
  | { kind: 'field'; path: string[] }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'func'; name: string }
  | { kind: 'group'; pipeline: Pipeline };
type Command = Arg[];
type Pipeline = Command[];

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'output'; pipeline: Pipeline }
  | { kind: 'if'; branches: Array<{ condition: Pipeline; body: Node[] }>; otherwise: Node[] }
  | { kind: 'range'; pipeline: Pipeline; body: Node[]; otherwise: Node[] };

type Functions = Record<string, (...args: unknown[]) => unknown>;

/** The template functions; formatDate shows dates in `timeZone`. */
const functionsIn = (timeZone: string): Functions => ({
  join: (list, separator) => {
    if (!Array.isArray(list)) throw new TemplateError('join needs a list');
    return list.map((item) => stringOf(item)).join(stringOf(separator));
  },
  formatDate: (date, layout) => {
    const value = date instanceof Date ? date : new Date(String(date));
    if (Number.isNaN(value.getTime())) throw new TemplateError('formatDate needs a date');
    return formatGoDate(value, stringOf(layout), timeZone);
  },
  default: (value, fallback) => (truthy(value) ? value : fallback),
  eq: (a, ...rest) => rest.some((b) => a === b),
  ne: (a, b) => a !== b,
  not: (a) => !truthy(a),
  and: (...values) => values.find((v) => !truthy(v)) ?? values[values.length - 1],
  or: (...values) => values.find((v) => truthy(v)) ?? values[values.length - 1],
  len: (value) => (Array.isArray(value) || typeof value === 'string' ? value.length : 0),
});
const FUNCTION_NAMES = new Set(Object.keys(functionsIn('UTC')));

/** Go's truth: false, 0, empty strings and lists, nil are false. */
function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.length > 0;
  if (typeof value === 'number') return value !== 0;
  return Boolean(value);
}

function stringOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(stringOf).join(', ');
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

// ---- parsing

interface Action {
  body: string;
  /** Offset in the template, for messages. */
  at: number;
}

/** White space as Go's trim markers define it: space, tab, carriage return, newline. */
const isGoSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0d || code === 0x0a;

/** Where `text` ends once its trailing white space is trimmed (a {{- marker). One pass: no regular expression rescans the run. */
function endOfText(text: string): number {
  let end = text.length;
  while (end > 0 && isGoSpace(text.charCodeAt(end - 1))) end -= 1;
  return end;
}

/** The first position from `from` on that is not white space (a -}} marker), without copying the rest of the source. */
function startOfText(source: string, from: number): number {
  let start = from;
  while (start < source.length && isGoSpace(source.charCodeAt(start))) start += 1;
  return start;
}

function tokenize(source: string): Array<string | Action> {
  const parts: Array<string | Action> = [];
  let position = 0;
  while (position < source.length) {
    const open = source.indexOf('{{', position);
    if (open === -1) {
      parts.push(source.slice(position));
      break;
    }
    let text = source.slice(position, open);
    const close = source.indexOf('}}', open + 2);
    if (close === -1) throw new TemplateError(`unclosed action at offset ${open}`);
    let body = source.slice(open + 2, close);
    if (body.startsWith('- ') || body === '-') {
      text = text.slice(0, endOfText(text));
      body = body.slice(1);
    }
    position = close + 2;
    if (body.endsWith(' -')) {
      body = body.slice(0, -1);
      position = startOfText(source, position);
    }
    if (text) parts.push(text);
    const trimmed = body.trim();
    if (!(trimmed.startsWith('/*') && trimmed.endsWith('*/'))) parts.push({ body: trimmed, at: open });
  }
  return parts;
}

function lexArgs(body: string, at: number): string[] {
  const tokens: string[] = [];
  const pattern = /\s*("(?:[^"\\]|\\.)*"|`[^`]*`|\(|\)|\||[^\s|()"`]+)/gy;
  let match: RegExpExecArray | null;
  let index = 0;
  while (index < body.length && (match = pattern.exec(body))) {
    tokens.push(match[1]!);
    index = pattern.lastIndex;
  }
  if (body.slice(index).trim() !== '') throw new TemplateError(`cannot read the action at offset ${at}`);
  return tokens;
}

/**
 * How deep {{ if }} / {{ range }} blocks, and ( ) groups, may nest. Plan
 * templates nest a few levels; a limit keeps parsing and running a template
 * within a known stack depth (deeper ones were refused only when the stack
 * happened to overflow, which depends on the thread).
 */
export const MAX_NESTING = 100;

function parsePipeline(tokens: string[], at: number): Pipeline {
  let index = 0;
  let groups = 0;
  const pipeline = (): Pipeline => {
    const commands: Pipeline = [[]];
    while (index < tokens.length) {
      const token = tokens[index]!;
      if (token === ')') break;
      index += 1;
      if (token === '|') {
        if (commands[commands.length - 1]!.length === 0) throw new TemplateError(`empty command before | at offset ${at}`);
        commands.push([]);
        continue;
      }
      commands[commands.length - 1]!.push(argOf(token));
    }
    if (commands.some((c) => c.length === 0)) throw new TemplateError(`missing value at offset ${at}`);
    return commands;
  };
  const argOf = (token: string): Arg => {
    if (token === '(') {
      groups += 1;
      if (groups > MAX_NESTING) throw new TemplateError(`( ) groups nest more than ${MAX_NESTING} deep at offset ${at}`);
      const inner = pipeline();
      if (tokens[index] !== ')') throw new TemplateError(`unclosed ( at offset ${at}`);
      index += 1;
      groups -= 1;
      return { kind: 'group', pipeline: inner };
    }
    if (token === '.') return { kind: 'field', path: [] };
    if (/^(\.[A-Za-z_]\w*)+$/.test(token)) return { kind: 'field', path: token.slice(1).split('.') };
    if (token.startsWith('"')) {
      try {
        return { kind: 'string', value: JSON.parse(token) as string };
      } catch {
        throw new TemplateError(`bad string ${token.slice(0, 20)} at offset ${at}`);
      }
    }
    if (token.startsWith('`')) return { kind: 'string', value: token.slice(1, -1) };
    if (/^-?\d+(\.\d+)?$/.test(token)) return { kind: 'number', value: Number(token) };
    if (token === 'true' || token === 'false') return { kind: 'bool', value: token === 'true' };
    if (FUNCTION_NAMES.has(token)) return { kind: 'func', name: token };
    throw new TemplateError(`unknown function or value "${token.slice(0, 40)}" at offset ${at}`);
  };
  const result = pipeline();
  if (index !== tokens.length) throw new TemplateError(`unexpected ) at offset ${at}`);
  return result;
}

export interface ParsedTemplate {
  nodes: Node[];
}

/** Parses a template; any syntax problem is a TemplateError naming where. */
export function parseTemplate(source: string): ParsedTemplate {
  const parts = tokenize(source);
  let index = 0;
  let depth = 0;
  /** A block's nodes, parsed one level deeper. */
  const nested = <T>(at: number, parse: () => T): T => {
    depth += 1;
    if (depth > MAX_NESTING) throw new TemplateError(`{{if}} and {{range}} nest more than ${MAX_NESTING} deep at offset ${at}`);
    const result = parse();
    depth -= 1;
    return result;
  };
  const block = (ends: string[]): { nodes: Node[]; end: string; at: number } => {
    const nodes: Node[] = [];
    while (index < parts.length) {
      const part = parts[index]!;
      index += 1;
      if (typeof part === 'string') {
        nodes.push({ kind: 'text', text: part });
        continue;
      }
      const [keyword, ...rest] = lexArgs(part.body, part.at);
      if (keyword === undefined) throw new TemplateError(`empty action at offset ${part.at}`);
      if (keyword === 'end' || keyword === 'else') {
        if (!ends.includes(keyword)) throw new TemplateError(`unexpected {{${keyword}}} at offset ${part.at}`);
        index -= 1;
        return { nodes, end: keyword, at: part.at };
      }
      if (keyword === 'if') nodes.push(nested(part.at, () => ifNode(rest, part.at)));
      else if (keyword === 'range') nodes.push(nested(part.at, () => rangeNode(rest, part.at)));
      else if (['define', 'template', 'block', 'with', 'break', 'continue'].includes(keyword)) {
        throw new TemplateError(`{{${keyword}}} is not supported (offset ${part.at})`);
      } else nodes.push({ kind: 'output', pipeline: parsePipeline([keyword, ...rest], part.at) });
    }
    if (ends.length > 0) throw new TemplateError('missing {{end}}');
    return { nodes, end: '', at: source.length };
  };
  const closing = (): string[] => {
    const part = parts[index] as Action;
    index += 1;
    return lexArgs(part.body, part.at);
  };
  const ifNode = (condition: string[], at: number): Node => {
    const branches = [{ condition: parsePipeline(condition, at), body: [] as Node[] }];
    let otherwise: Node[] = [];
    for (;;) {
      const { nodes, end, at: endAt } = block(['end', 'else']);
      const [, ...after] = closing();
      branches[branches.length - 1]!.body = nodes;
      if (end === 'end') break;
      if (after[0] === 'if') {
        branches.push({ condition: parsePipeline(after.slice(1), endAt), body: [] });
        continue;
      }
      const last = block(['end']);
      closing();
      otherwise = last.nodes;
      break;
    }
    return { kind: 'if', branches, otherwise };
  };
  const rangeNode = (pipelineTokens: string[], at: number): Node => {
    const pipeline = parsePipeline(pipelineTokens, at);
    const first = block(['end', 'else']);
    closing();
    if (first.end === 'end') return { kind: 'range', pipeline, body: first.nodes, otherwise: [] };
    const second = block(['end']);
    closing();
    return { kind: 'range', pipeline, body: first.nodes, otherwise: second.nodes };
  };
  const { nodes } = block([]);
  return { nodes };
}

// ---- execution

/** Output is capped so a template cannot blow up memory (range inside range over long lists). */
const MAX_OUTPUT = 8 * 1024 * 1024;

function field(dot: unknown, path: string[]): unknown {
  let value = dot;
  for (const name of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, name)) {
      throw new TemplateError(`there is no field ${name}`);
    }
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

function evaluate(pipeline: Pipeline, dot: unknown, functions: Functions): unknown {
  let piped: unknown;
  pipeline.forEach((command, position) => {
    const values = (args: Arg[]) => args.map((arg) => argValue(arg, dot, functions));
    const [head, ...rest] = command;
    if (head!.kind === 'func') {
      const args = values(rest);
      if (position > 0) args.push(piped);
      piped = functions[head!.name]!(...args);
    } else {
      if (command.length > 1 || position > 0) throw new TemplateError('only functions take arguments');
      piped = argValue(head!, dot, functions);
    }
  });
  return piped;
}

function argValue(arg: Arg, dot: unknown, functions: Functions): unknown {
  switch (arg.kind) {
    case 'field':
      return field(dot, arg.path);
    case 'group':
      return evaluate(arg.pipeline, dot, functions);
    case 'func':
      return functions[arg.name]!();
    default:
      return arg.value;
  }
}

/** Runs a parsed template over the data; values are HTML-escaped, markup in the template is kept. Dates show in `timeZone`. */
export function executeTemplate(template: ParsedTemplate, data: unknown, timeZone = 'UTC'): string {
  const functions = functionsIn(timeZone);
  const out: string[] = [];
  let size = 0;
  const write = (text: string) => {
    size += text.length;
    if (size > MAX_OUTPUT) throw new TemplateError('the template produces too much output');
    out.push(text);
  };
  const run = (nodes: Node[], dot: unknown): void => {
    for (const node of nodes) {
      if (node.kind === 'text') write(node.text);
      else if (node.kind === 'output') write(escapeHtml(stringOf(evaluate(node.pipeline, dot, functions))));
      else if (node.kind === 'if') {
        const branch = node.branches.find((b) => truthy(evaluate(b.condition, dot, functions)));
        run(branch ? branch.body : node.otherwise, dot);
      } else {
        const list = evaluate(node.pipeline, dot, functions);
        if (list !== null && list !== undefined && !Array.isArray(list)) throw new TemplateError('range needs a list');
        if (!list || list.length === 0) run(node.otherwise, dot);
        else for (const item of list) run(node.body, item);
      }
    }
  };
  run(template.nodes, data);
  return out.join('');
}
