import type { types } from '@evalplan/protos';
import { type Block, planOutline, type Run } from './plan-outline';

/**
 * The plan as Markdown (CommonMark with GitHub's tables and task lists), with
 * the sections of the built-in PDF layout. Every piece of text is escaped, so
 * what the person typed stays text: a project named "# x", "<script>" or
 * "a|b" cannot add a heading, HTML or a table cell.
 */

/** Characters with a meaning anywhere in a line, escaped wherever they are; `$` is for renderers with math. */
const INLINE_SPECIAL = /[\\`*_[\]<>|~#$]/g;
/** A character reference ("&amp;", "&#60;"), which would otherwise show as the character it names. */
const ENTITY_START = /&(?=#?[0-9A-Za-z]+;)/g;
/** What starts a block at the beginning of a line: a list item, a setext underline, an ordered item ("1." or "1)"). */
const BLOCK_START = /^([-+=])/;
const ORDERED_START = /^(\d{1,9})([.)])/;

/** One line of text, its characters escaped: it can only ever be read as text. */
function escapeLine(line: string): string {
  return line.replace(INLINE_SPECIAL, '\\$&').replace(ENTITY_START, '\\&').replace(BLOCK_START, '\\$1').replace(ORDERED_START, '$1\\$2');
}

/** Text for a single line (a heading, a list item, a table cell): whitespace and line breaks become one space. */
export function escapeMarkdown(text: string): string {
  return escapeLine(text.replace(/\s+/g, ' ').trim());
}

/**
 * Text the person wrote over several lines: its paragraphs (blank lines) and
 * line breaks are kept, each line escaped and without its indentation, which
 * would make it code.
 */
export function escapeMarkdownLines(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => escapeLine(line.replace(/\s+/g, ' ').trim()))
        .filter((line) => line !== ''),
    )
    .filter((lines) => lines.length > 0);
  // A backslash at the end of a line is a hard line break.
  return paragraphs.map((lines) => lines.join('\\\n')).join('\n\n');
}

/** A URL printed as an autolink only when it cannot end one early; otherwise as escaped text. */
function link(url: string, text: string): string {
  return /^https?:\/\/[^\s<>\\]+$/.test(url) && url === text ? `<${url}>` : escapeMarkdown(text);
}

/** Runs as inline Markdown; emphasis markers go around the text, spaces stay outside them. */
function inline(runs: readonly Run[]): string {
  let out = '';
  for (const run of runs) {
    if (run.link !== undefined) {
      out += link(run.link, run.text);
      continue;
    }
    const text = run.text.replace(/\s+/g, ' ');
    const core = text.trim();
    if (core === '') {
      out += text === '' ? '' : ' ';
      continue;
    }
    const lead = text.startsWith(' ') ? ' ' : '';
    const trail = text.endsWith(' ') ? ' ' : '';
    const marker = (run.bold ? '**' : '') + (run.italic ? '*' : '');
    out += `${lead}${marker}${escapeLine(core)}${[...marker].reverse().join('')}${trail}`;
  }
  return out.trim();
}

/** A table cell: one line, and a space where it would be empty (GitHub keeps the cell). */
const cell = (runs: readonly Run[]): string => inline(runs) || ' ';

function table(header: readonly string[], rows: ReadonlyArray<readonly Run[][]>): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(header.map((title) => escapeMarkdown(title) || ' ')),
    line(header.map(() => '---')),
    ...rows.map((row) => line(row.map(cell))),
  ].join('\n');
}

function block(part: Block): string {
  switch (part.kind) {
    case 'paragraph':
      return inline(part.runs);
    case 'text':
      return escapeMarkdownLines(part.text);
    case 'subheading':
      return `### ${escapeMarkdown(part.text)}`.trimEnd();
    case 'list':
      return part.items.map((runs, index) => `${part.ordered ? `${index + 1}.` : '-'} ${inline(runs)}`.trimEnd()).join('\n');
    case 'checklist':
      return part.items
        .map(
          ({ topic, question }) =>
            `- [ ] ${inline(topic.trim() === '' ? [{ text: question }] : [{ text: topic, bold: true }, { text: `: ${question}` }])}`,
        )
        .join('\n');
    case 'table':
      return table(part.header, part.rows);
    case 'reference':
      return inline(part.runs);
  }
}

/** The plan as a Markdown document, dated `date` in `timeZone` (an IANA name the caller has checked). */
export function planMarkdown(document: types.PlanDocument__Output, date: Date, timeZone: string): string {
  const outline = planOutline(document, date, timeZone);
  const parts = [`# ${escapeMarkdown(outline.title)}`.trimEnd(), escapeMarkdown(outline.subtitle)];
  for (const section of outline.sections) {
    parts.push(`## ${escapeMarkdown(section.title)}`);
    for (const part of section.blocks) parts.push(block(part));
  }
  return `${parts.filter((part) => part !== '').join('\n\n')}\n`;
}
