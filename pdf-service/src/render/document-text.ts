import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/** A pdfmake node with a `text` (a string, or inlines: strings and objects, nested). */
export type TextNode = { text: unknown } & Record<string, unknown>;

/** Returns the node to print instead, or the same node when it needs no change. */
export type TextRewrite = (node: TextNode) => TextNode;

const CONTAINERS = ['stack', 'columns', 'ul', 'ol'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The document with every text node passed through `rewrite`: plain strings,
 * text nodes, list items, table cells, columns, stacks, and what the header
 * and footer functions return. The definition given is not changed.
 */
export function mapDocumentText(document: TDocumentDefinitions, rewrite: TextRewrite): TDocumentDefinitions {
  const mapped = { ...document, content: mapContent(document.content, rewrite) } as TDocumentDefinitions;
  for (const key of ['header', 'footer'] as const) {
    const part: unknown = document[key];
    if (typeof part === 'function') {
      mapped[key] = ((...args: unknown[]) => mapContent((part as (...a: unknown[]) => unknown)(...args), rewrite)) as never;
    } else if (part !== undefined) {
      mapped[key] = mapContent(part, rewrite) as never;
    }
  }
  return mapped;
}

function mapContent(content: unknown, rewrite: TextRewrite): unknown {
  if (typeof content === 'string') {
    const node = { text: content };
    const rewritten = rewrite(node);
    return rewritten === node ? content : rewritten;
  }
  if (Array.isArray(content)) return content.map((item) => mapContent(item, rewrite));
  if (!isRecord(content)) return content;

  let node: Record<string, unknown> = 'text' in content ? rewrite(content as TextNode) : content;
  for (const key of CONTAINERS) {
    if (Array.isArray(node[key])) node = { ...node, [key]: mapContent(node[key], rewrite) };
  }
  const table = node.table;
  if (isRecord(table) && Array.isArray(table.body)) {
    const body = table.body.map((row: unknown) => (Array.isArray(row) ? row.map((cell) => mapContent(cell, rewrite)) : row));
    node = { ...node, table: { ...table, body } };
  }
  return node;
}
