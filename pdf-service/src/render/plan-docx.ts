import type { types } from '@evalplan/protos';
import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { type Block, planOutline, type Run } from './plan-outline';

/**
 * The plan as a Word document (DOCX, Office Open XML), with the sections of
 * the built-in PDF layout, for people who want to edit it. The `docx`
 * library writes the XML and escapes the text; only characters XML cannot
 * hold at all are dropped here. pdf-service loads this module on the first
 * DOCX file only (plan-files.ts).
 */

/** Control characters XML 1.0 cannot carry, even escaped (tab, line feed and carriage return it can). */
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlText = (text: string): string => text.replace(NOT_IN_XML, '');

const NUMBERED = 'plan-numbered';
/** Twips (1/20 pt): a reference's lines after the first start half an inch in, as APA sets them. */
const HANGING_INDENT = 720;
const BORDER_COLOR = 'C9D3DD';
const HEADER_FILL = 'E8EEF4';

function runsOf(runs: readonly Run[]): ParagraphChild[] {
  return runs
    .filter((run) => run.text !== '')
    .map((run) =>
      run.link !== undefined
        ? new ExternalHyperlink({ link: run.link, children: [new TextRun({ text: xmlText(run.text), style: 'Hyperlink' })] })
        : new TextRun({ text: xmlText(run.text), bold: run.bold === true, italics: run.italic === true }),
    );
}

const borders = {
  top: { style: 'single', size: 4, color: BORDER_COLOR },
  bottom: { style: 'single', size: 4, color: BORDER_COLOR },
  left: { style: 'single', size: 4, color: BORDER_COLOR },
  right: { style: 'single', size: 4, color: BORDER_COLOR },
} as const;

function table(header: readonly string[], rows: ReadonlyArray<readonly Run[][]>): Table {
  const headerRow = new TableRow({
    // Repeated at the top of every page the table runs onto.
    tableHeader: true,
    children: header.map(
      (title) =>
        new TableCell({
          borders,
          shading: { fill: HEADER_FILL, type: 'clear', color: 'auto' },
          children: [new Paragraph({ children: [new TextRun({ text: xmlText(title), bold: true })] })],
        }),
    ),
  });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      headerRow,
      ...rows.map(
        (row) =>
          new TableRow({
            cantSplit: true,
            children: row.map((runs) => new TableCell({ borders, children: [new Paragraph({ children: runsOf(runs) })] })),
          }),
      ),
    ],
  });
}

/** Text with line breaks: a paragraph per blank-line-separated part, its lines broken where the person broke them. */
function textParagraphs(text: string): Paragraph[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) =>
      part
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    )
    .filter((lines) => lines.length > 0)
    .map(
      (lines) =>
        new Paragraph({ children: lines.map((line, index) => new TextRun({ text: xmlText(line), ...(index > 0 ? { break: 1 } : {}) })) }),
    );
}

/** Each ordered list is a list of its own, numbered from 1. */
class ListCounter {
  private next = 0;
  take(): number {
    return ++this.next;
  }
}

function blockParts(part: Block, lists: ListCounter): Array<Paragraph | Table> {
  switch (part.kind) {
    case 'paragraph':
      return [new Paragraph({ children: runsOf(part.runs) })];
    case 'text':
      return textParagraphs(part.text);
    case 'subheading':
      return [new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: xmlText(part.text) })] })];
    case 'list': {
      if (!part.ordered) return part.items.map((runs) => new Paragraph({ bullet: { level: 0 }, children: runsOf(runs) }));
      const instance = lists.take();
      return part.items.map((runs) => new Paragraph({ numbering: { reference: NUMBERED, level: 0, instance }, children: runsOf(runs) }));
    }
    case 'checklist':
      return part.items.map(
        ({ topic, question }) =>
          new Paragraph({
            children: [
              new TextRun({ text: '☐ ' }),
              ...(topic.trim() === '' ? [] : [new TextRun({ text: `${xmlText(topic)}:`, bold: true }), new TextRun({ text: ' ' })]),
              new TextRun({ text: xmlText(question) }),
            ],
          }),
      );
    case 'table':
      // A table directly after another would merge with it in Word: an empty paragraph keeps each its own.
      return [table(part.header, part.rows), new Paragraph({})];
    case 'reference':
      return [new Paragraph({ indent: { left: HANGING_INDENT, hanging: HANGING_INDENT }, children: runsOf(part.runs) })];
  }
}

/** The plan as a DOCX file, dated `date` in `timeZone` (an IANA name the caller has checked). */
export async function planDocx(document: types.PlanDocument__Output, date: Date, timeZone: string): Promise<Buffer> {
  const outline = planOutline(document, date, timeZone);
  const lists = new ListCounter();
  const children: Array<Paragraph | Table> = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: xmlText(outline.title) })] }),
    new Paragraph({ children: [new TextRun({ text: xmlText(outline.subtitle), italics: true })] }),
  ];
  for (const section of outline.sections) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: xmlText(section.title) })] }));
    for (const part of section.blocks) children.push(...blockParts(part, lists));
  }
  const file = new Document({
    creator: 'evalplan',
    title: xmlText(outline.title),
    subject: 'Evaluation plan',
    description: 'An evaluation plan exported from evalplan.',
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    numbering: {
      config: [
        {
          reference: NUMBERED,
          levels: [
            {
              level: 0,
              format: LevelFormat.DECIMAL,
              text: '%1.',
              alignment: AlignmentType.START,
              style: { paragraph: { indent: { left: 720, hanging: 360 } } },
            },
          ],
        },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(file);
}
