import type { Citation } from '../catalog/catalog';
import { apaReference, ReferenceList } from './references';

const ARTICLE: Citation = {
  key: 'bradley-lang-1994',
  type: 'article',
  authors: ['Bradley, M. M.', 'Lang, P. J.'],
  year: '1994',
  title: 'Measuring emotion: The Self-Assessment Manikin and the semantic differential',
  container: 'Journal of Behavior Therapy and Experimental Psychiatry',
  volume: '25',
  issue: '1',
  pages: '49–59',
  doi: '10.1016/0005-7916(94)90063-9',
};

const CHAPTER: Citation = {
  key: 'brooke-1996',
  type: 'chapter',
  authors: ['Brooke, J.'],
  year: '1996',
  title: 'SUS: A "quick and dirty" usability scale',
  editors: ['P. W. Jordan', 'B. Thomas', 'B. A. Weerdmeester', 'I. L. McClelland'],
  container: 'Usability evaluation in industry',
  pages: '189–194',
  publisher: 'Taylor & Francis',
};

const BOOK: Citation = {
  key: 'rubin-chisnell-2008',
  type: 'book',
  authors: ['Rubin, J.', 'Chisnell, D.'],
  year: '2008',
  title: 'Handbook of usability testing: How to plan, design, and conduct effective tests',
  edition: '2nd ed.',
  publisher: 'Wiley',
};

const italics = (reference: ReturnType<typeof apaReference>) => reference.runs.filter((run) => run.italic).map((run) => run.text);

describe('references in APA 7 style', () => {
  it('sets a journal article with the journal and volume in italics, the issue in parentheses and the DOI as a URL', () => {
    const reference = apaReference(ARTICLE);
    expect(reference.text).toBe(
      'Bradley, M. M., & Lang, P. J. (1994). Measuring emotion: The Self-Assessment Manikin and the semantic differential. ' +
        'Journal of Behavior Therapy and Experimental Psychiatry, 25(1), 49–59. https://doi.org/10.1016/0005-7916(94)90063-9',
    );
    expect(italics(reference)).toEqual(['Journal of Behavior Therapy and Experimental Psychiatry', '25']);
    expect(reference.citation).toBe('Bradley & Lang, 1994');
    expect(reference.doiUrl).toBe('https://doi.org/10.1016/0005-7916(94)90063-9');
  });

  it('sets a chapter with its editors, the book in italics and the pages', () => {
    const reference = apaReference(CHAPTER);
    expect(reference.text).toBe(
      'Brooke, J. (1996). SUS: A "quick and dirty" usability scale. In P. W. Jordan, B. Thomas, B. A. Weerdmeester, & ' +
        'I. L. McClelland (Eds.), Usability evaluation in industry (pp. 189–194). Taylor & Francis.',
    );
    expect(italics(reference)).toEqual(['Usability evaluation in industry']);
    expect(reference.citation).toBe('Brooke, 1996');
    expect(reference.doiUrl).toBe('');
  });

  it('sets a book title in italics with its edition, and shortens three or more authors to "et al." in the text', () => {
    expect(apaReference(BOOK).text).toBe(
      'Rubin, J., & Chisnell, D. (2008). Handbook of usability testing: How to plan, design, and conduct effective tests (2nd ed.). Wiley.',
    );
    const three = apaReference({ ...ARTICLE, authors: ['Lewis, J. R.', 'Utesch, B. S.', 'Maher, D. E.'], year: '2013' });
    expect(three.citation).toBe('Lewis et al., 2013');
    expect(three.text.startsWith('Lewis, J. R., Utesch, B. S., & Maher, D. E. (2013). ')).toBe(true);
  });

  it('gives a group author its own full stop and an undated source "n.d."', () => {
    const page = apaReference({
      key: 'nngroup',
      type: 'webpage',
      authors: ['Nielsen Norman Group'],
      year: 'n.d.',
      title: 'Diary studies: Understanding long-term user behavior and experiences',
      container: 'Nielsen Norman Group',
    });
    expect(page.text).toBe(
      'Nielsen Norman Group. (n.d.). Diary studies: Understanding long-term user behavior and experiences. Nielsen Norman Group.',
    );
    expect(page.citation).toBe('Nielsen Norman Group, n.d.');
  });

  it('lists each source once, sorted by author, and tells apart two works of the same authors and year', () => {
    const second: Citation = { ...CHAPTER, key: 'brooke-1996-other', title: 'Another note on scales' };
    const list = new ReferenceList([CHAPTER, ARTICLE, BOOK, second]);
    const references = list.list([
      'rubin-chisnell-2008',
      'brooke-1996',
      'bradley-lang-1994',
      'brooke-1996',
      'brooke-1996-other',
      'unknown',
    ]);
    expect(references.map((reference) => reference.key)).toEqual([
      'bradley-lang-1994',
      'brooke-1996-other',
      'brooke-1996',
      'rubin-chisnell-2008',
    ]);
    // Titles order the two: "Another …" is a, "SUS …" is b.
    expect(list.citations(['brooke-1996-other', 'brooke-1996', 'unknown'])).toEqual(['Brooke, 1996a', 'Brooke, 1996b']);
    expect(references[1]!.text).toContain('(1996a).');
  });
});
