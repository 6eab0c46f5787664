import {
  PLAN_SECTIONS,
  PLAN_SECTION_ORDER,
  andList,
  checklistReasonsText,
  citationList,
  citationsText,
  figure,
  hoursText,
  itemsText,
  measuredByNames,
  shortName,
  minutesText,
  participantsText,
  suggestionsText,
} from './plan-sections';

describe('the plan’s sections', () => {
  it('come in one order, the coverage right after the goals and the references last', () => {
    expect(PLAN_SECTION_ORDER.map((key) => PLAN_SECTIONS[key])).toEqual([
      'Context',
      'Evaluation goals',
      'Goal coverage',
      'Research',
      'Methods',
      'Instruments',
      'Time budget',
      'Ethics and data protection checklist',
      'Next steps',
      'Notes',
      'References',
    ]);
  });
});

describe('figures for reading', () => {
  it('keeps tenths below 10 and whole numbers from 10 on, without a trailing .0', () => {
    expect(figure(0.5)).toBe('0.5');
    expect(figure(2)).toBe('2');
    expect(figure(2.25)).toBe('2.3');
    expect(figure(9.96)).toBe('10');
    expect(figure(10.8)).toBe('11');
    expect(figure(97.5)).toBe('98');
  });

  it('shows nothing below zero, nor what is no number, as less than 0', () => {
    expect(figure(-3)).toBe('0');
    expect(figure(Number.NaN)).toBe('0');
  });
});

describe('minutes in words', () => {
  it('marks an estimated range', () => {
    expect(minutesText({ low: 2, high: 3, estimate: true })).toBe('2–3 min (estimate)');
    expect(minutesText({ low: 60, high: 90, estimate: false })).toBe('60–90 min');
  });

  it('says "about" for one estimated figure, and gives one stated figure as it is', () => {
    expect(minutesText({ low: 0.5, high: 0.5, estimate: true })).toBe('about 0.5 min');
    expect(minutesText({ low: 10, high: 10, estimate: false })).toBe('10 min');
    // Two figures that round to the same are one.
    expect(minutesText({ low: 10.2, high: 10.4, estimate: true })).toBe('about 10 min');
  });

  it('gives an upper bound alone as "up to", and nothing where there is no figure', () => {
    expect(minutesText({ low: 0, high: 3, estimate: false })).toBe('up to 3 min');
    expect(minutesText({ low: 0, high: 0, estimate: true })).toBe('');
    expect(minutesText(null)).toBe('');
  });

  it('reads a high below the low as the low', () => {
    expect(minutesText({ low: 5, high: 0, estimate: false })).toBe('5 min');
  });
});

describe('items in words', () => {
  it('counts the items of each version, naming the versions', () => {
    expect(itemsText([{ version: '', count: 10, detail: '' }])).toBe('10 items');
    expect(
      itemsText([
        { version: '', count: 26, detail: '' },
        { version: 'UEQ-S', count: 8, detail: '' },
      ]),
    ).toBe('26 items; UEQ-S: 8 items');
    expect(itemsText([{ version: 'short form', count: 1, detail: '' }])).toBe('short form: 1 item');
  });

  it('uses a version’s own words where a bare count would mislead, and adds a detail after the count', () => {
    expect(itemsText([{ version: '', count: 6, detail: '6 scales, plus 15 optional pairwise comparisons' }])).toBe(
      '6 scales, plus 15 optional pairwise comparisons',
    );
    expect(itemsText([{ version: 'UES-SF', count: 12, detail: '3 per factor' }])).toBe('UES-SF: 12 items (3 per factor)');
    expect(itemsText([{ version: '', count: 0, detail: 'one per construct' }])).toBe('one per construct');
  });

  it('says nothing when nothing is known', () => {
    expect(itemsText([])).toBe('');
    expect(itemsText([{ version: '', count: 0, detail: '' }])).toBe('');
    expect(itemsText(undefined)).toBe('');
  });
});

describe('hours and participants in words', () => {
  it('rounds hours for reading', () => {
    expect(hoursText(10, 45)).toBe('10–45 h');
    expect(hoursText(10.8, 49)).toBe('11–49 h');
    expect(hoursText(0.25, 2.5)).toBe('0.3–2.5 h');
    expect(hoursText(20, 20)).toBe('20 h');
    expect(hoursText(0, 0)).toBe('0 h');
  });

  it('gives a participant range, or nothing when none was given', () => {
    expect(participantsText(10, 30)).toBe('10–30 participants');
    expect(participantsText(1, 1)).toBe('1 participant');
    expect(participantsText(0, 0)).toBe('');
  });
});

describe('citations', () => {
  it('puts in-text citations into one pair of parentheses', () => {
    expect(citationsText(['Brooke, 1996', 'Laugwitz et al., 2008'])).toBe('(Brooke, 1996; Laugwitz et al., 2008)');
    expect(citationList(['Brooke, 1996', '', 'Laugwitz et al., 2008'])).toBe('Brooke, 1996; Laugwitz et al., 2008');
  });

  it('gives nothing, not "()", for no citation', () => {
    expect(citationsText([])).toBe('');
    expect(citationsText(null)).toBe('');
  });
});

describe('coverage and checklist wording', () => {
  it('names the columns that measure a goal, in the columns’ order', () => {
    expect(measuredByNames(['Think-aloud', 'SUS', 'UEQ'], [true, false, true])).toEqual(['Think-aloud', 'UEQ']);
    // Flags missing at the end count as not measured.
    expect(measuredByNames(['Think-aloud', 'SUS'], [false])).toEqual([]);
  });

  it('names at most six measures per goal, each cut to 80 characters, however many there are', () => {
    const names = Array.from({ length: 300 }, (_, index) => `${index} ${'long construct name '.repeat(100)}`);
    const named = measuredByNames(
      names,
      names.map(() => true),
    );
    expect(named).toHaveLength(7);
    expect(named[6]).toBe('and 294 more');
    expect(named.slice(0, 6).every((name) => Array.from(name).length <= 80 && name.endsWith('…'))).toBe(true);
    expect(shortName('Sense of progress')).toBe('Sense of progress');
  });

  it('suggests what would cover a goal', () => {
    expect(suggestionsText(['PENS', 'IMI'])).toBe('Consider: PENS, IMI');
    expect(suggestionsText([])).toBe('');
  });

  it('joins reasons as prose', () => {
    expect(andList([])).toBe('');
    expect(andList(['a'])).toBe('a');
    expect(andList(['a', 'b', 'c'])).toBe('a, b and c');
    expect(checklistReasonsText(['research is enabled', 'the participants include a sensitive population'])).toBe(
      'Because research is enabled and the participants include a sensitive population, work through these questions before the study starts.',
    );
    expect(checklistReasonsText([])).toBe('Work through these questions before the study starts.');
  });
});
