import type { types } from '@evalplan/protos';
import type { Citation } from '../catalog/catalog';

/** A reference as a plan prints it: APA 7 text in runs, and the in-text citation items point at. */
export type PlanReference = types.Reference__Output;
type Run = types.TextRun__Output;

/** "A", "A, & B", "A, B, & C": APA 7 lists up to 20 authors in full. */
function authorList(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length === 2) return `${names[0]}, & ${names[1]}`;
  if (names.length <= 20) return `${names.slice(0, -1).join(', ')}, & ${names[names.length - 1]}`;
  return `${names.slice(0, 19).join(', ')}, . . . ${names[names.length - 1]}`;
}

/** Editors in a chapter entry: "P. W. Jordan", "A & B", "A, B, & C". */
function editorList(names: string[]): string {
  return names.length === 2 ? `${names[0]} & ${names[1]}` : authorList(names);
}

/** The family name of an author in reference-list form ("Brooke, J." → "Brooke"); a group author whole. */
const familyName = (author: string): string => (author.includes(',') ? author.slice(0, author.indexOf(',')) : author);

/** "Brooke, 1996", "Hart & Staveland, 1988", "Lewis et al., 2013" (APA 7: three or more authors shorten at once). */
function inTextCitation(citation: Citation): string {
  const families = citation.authors.map(familyName);
  const who =
    families.length <= 1 ? (families[0] ?? '') : families.length === 2 ? `${families[0]} & ${families[1]}` : `${families[0]} et al.`;
  return `${who}, ${citation.year}`;
}

/** A sentence ends with one full stop: none is added after "?", "!" or an existing ".". */
const sentence = (text: string): string => (/[.?!]$/.test(text) ? text : `${text}.`);

const roman = (text: string): Run => ({ text, italic: false });
const italic = (text: string): Run => ({ text, italic: true });

/** "(2nd ed., LNCS Vol. 5298, pp. 63–76)", or nothing when there is nothing to put in it. */
function bookDetails(citation: Citation): string {
  const parts = [citation.edition, citation.series, citation.pages ? `pp. ${citation.pages}` : undefined].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** The entry after author and date, by kind of source (APA 7, 7th edition of the manual, chapter 10). */
function sourceRuns(citation: Citation): Run[] {
  const publisher = citation.publisher ? ` ${sentence(citation.publisher)}` : '';
  switch (citation.type) {
    case 'article': {
      const runs = [roman(`${sentence(citation.title)} `), italic(citation.container ?? '')];
      if (citation.volume) runs.push(roman(', '), italic(citation.volume));
      let tail = citation.issue ? `(${citation.issue})` : '';
      if (citation.pages) tail += `, ${citation.pages}`;
      else if (citation.article) tail += `, ${citation.article}`;
      runs.push(roman(`${tail}.`));
      return runs;
    }
    case 'chapter':
    case 'paper': {
      const editors = citation.editors?.length
        ? `${editorList(citation.editors)} (${citation.editors.length === 1 ? 'Ed.' : 'Eds.'}), `
        : '';
      return [
        roman(`${sentence(citation.title)} In ${editors}`),
        italic(citation.container ?? ''),
        roman(`${bookDetails(citation)}.${publisher}`),
      ];
    }
    case 'book':
      return [italic(citation.title), roman(`${citation.edition ? ` (${citation.edition})` : ''}.${publisher}`)];
    case 'report':
      return [italic(citation.title), roman(`${citation.series ? ` (${citation.series})` : ''}.${publisher}`)];
    case 'presentation':
      return [
        italic(citation.title),
        roman(`${citation.medium ? ` [${citation.medium}]` : ''}.${citation.event ? ` ${sentence(citation.event)}` : ''}`),
      ];
    case 'webpage':
      return [italic(citation.title), roman(`.${citation.container ? ` ${sentence(citation.container)}` : ''}`)];
  }
}

/** Adjacent roman runs merged, empty ones dropped: renderers get as few runs as the italics allow. */
function merged(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    if (run.text === '') continue;
    const last = out[out.length - 1];
    if (last && last.italic === run.italic) last.text += run.text;
    else out.push({ ...run });
  }
  return out;
}

/** One catalog source as an APA 7 reference-list entry. */
export function apaReference(citation: Citation, inText = inTextCitation(citation)): PlanReference {
  const authors = authorList(citation.authors);
  // A group author takes the full stop an individual's initials already end with.
  const runs = [roman(`${sentence(authors)} (${citation.year}). `), ...sourceRuns(citation)];
  const doiUrl = citation.doi ? `https://doi.org/${citation.doi}` : '';
  if (doiUrl) runs.push(roman(` ${doiUrl}`));
  else if (citation.url) runs.push(roman(` ${citation.url}`));
  const entry = merged(runs);
  return { key: citation.key, citation: inText, text: entry.map((run) => run.text).join(''), runs: entry, doiUrl };
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * Every source of the catalog formatted once, at start. Two works of the same
 * authors and year get "a", "b" after the year (ordered by title), as APA asks.
 */
export class ReferenceList {
  private readonly byKey = new Map<string, PlanReference>();

  constructor(citations: Citation[]) {
    const byInText = new Map<string, Citation[]>();
    for (const citation of citations) {
      const inText = inTextCitation(citation);
      byInText.set(inText, [...(byInText.get(inText) ?? []), citation]);
    }
    for (const [inText, same] of byInText) {
      if (same.length === 1) {
        this.byKey.set(same[0]!.key, apaReference(same[0]!, inText));
        continue;
      }
      [...same]
        .sort((a, b) => collator.compare(a.title, b.title))
        .forEach((citation, index) => {
          const letter = String.fromCharCode(97 + index);
          this.byKey.set(citation.key, apaReference({ ...citation, year: `${citation.year}${letter}` }));
        });
    }
  }

  /** The in-text citations of these sources, in the order given; unknown keys are skipped. */
  citations(keys: string[]): string[] {
    return keys.flatMap((key) => this.byKey.get(key)?.citation ?? []);
  }

  /** The reference list of a plan: each source once, sorted as APA sorts (by author, then year). */
  list(keys: Iterable<string>): PlanReference[] {
    const unique = new Set(keys);
    return [...unique]
      .flatMap((key) => this.byKey.get(key) ?? [])
      .sort((a, b) => collator.compare(a.text, b.text))
      .map((reference) => ({ ...reference, runs: reference.runs.map((run) => ({ ...run })) }));
  }
}
