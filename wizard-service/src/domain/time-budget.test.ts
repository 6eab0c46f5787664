import type { MethodFacts } from '../catalog/catalog';
import { participantRange, SESSION_HOURS_PER_WEEK, timeBudget } from './time-budget';

const THINK_ALOUD: MethodFacts = {
  sessionMinutes: { low: 60, high: 90, estimate: true },
  participantGuidance: '',
  cites: [],
  goals: [],
  researcherTime: 'per-participant',
};
const FOCUS_GROUP: MethodFacts = {
  ...THINK_ALOUD,
  sessionMinutes: { low: 90, high: 120, estimate: false },
  researcherTime: 'per-group',
  groupSize: { low: 5, high: 10 },
};
const SURVEYS: MethodFacts = { ...THINK_ALOUD, sessionMinutes: { low: 0, high: 0, estimate: false }, researcherTime: 'none' };
const DIARY: MethodFacts = { ...THINK_ALOUD, sessionMinutes: { low: 30, high: 45, estimate: true }, spanDays: { low: 7, high: 28 } };
const SUS = { name: 'SUS', minutes: { low: 2, high: 3, estimate: true } };

describe('the time budget', () => {
  it("reads step 1's participant choices as ranges", () => {
    expect(participantRange('10-30')).toEqual({ low: 10, high: 30 });
    expect(participantRange('30-100')).toEqual({ low: 30, high: 100 });
    expect(participantRange('< 10')).toEqual({ low: 5, high: 9 });
    expect(participantRange('100+')).toEqual({ low: 100, high: 100 });
    expect(participantRange('Limited set of participants')).toBeUndefined();
    expect(participantRange('')).toBeUndefined();
  });

  it('adds session and questionnaire minutes per participant, and counts moderated sessions as researcher hours', () => {
    const budget = timeBudget(
      [
        { name: 'Think-aloud testing', facts: THINK_ALOUD },
        { name: 'Surveys', facts: SURVEYS },
      ],
      [SUS],
      { participants: '10-30', time: '1 month' },
    );
    // Surveys take no time of their own: only the think-aloud session and SUS are lines.
    expect(budget.lines.map((line) => line.name)).toEqual(['Think-aloud testing', 'SUS']);
    expect(budget.minutesPerParticipant).toMatchObject({ low: 62, high: 93, estimate: true });
    expect([budget.participantsLow, budget.participantsHigh]).toEqual([10, 30]);
    expect([budget.participantHoursLow, budget.participantHoursHigh]).toEqual([10.3, 46.5]);
    expect([budget.researcherHoursLow, budget.researcherHoursHigh]).toEqual([10, 45]);
    expect(budget.availableHours).toBe(4 * SESSION_HOURS_PER_WEEK);
    expect(budget.fits).toBe(true);
    expect(budget.warnings).toEqual([]);
  });

  it('says plainly when the sessions need more researcher time than the time available allows', () => {
    const over = timeBudget([{ name: 'Think-aloud testing', facts: THINK_ALOUD }], [], { participants: '10-30', time: '1 week' });
    expect(over.fits).toBe(false);
    expect(over.warnings).toEqual([
      expect.stringMatching(/^With 30 participants the sessions need about 45 h .* about 20 h that 1 week allows/),
    ]);
    const far = timeBudget([{ name: 'Think-aloud testing', facts: THINK_ALOUD }], [], { participants: '30-100', time: '1 week' });
    expect(far.warnings).toEqual([expect.stringMatching(/^Even with 30 participants/)]);
  });

  it('counts a focus group per group, not per participant, and warns when a diary study outlasts the time', () => {
    const budget = timeBudget(
      [
        { name: 'Focus Group', facts: FOCUS_GROUP },
        { name: 'Diary Study', facts: { ...DIARY, spanDays: { low: 14, high: 28 } } },
      ],
      [],
      { participants: '10-30', time: '1 week' },
    );
    // 10 people in one group of 10 at best; 30 people in six groups of 5 at worst.
    expect(budget.lines[0]).toMatchObject({ researcherHoursLow: 1.5, researcherHoursHigh: 12 });
    expect(budget.warnings).toContain('Diary Study runs for at least 14 days, longer than the 1 week available.');
  });

  it('names what it could not count, and does not check totals it cannot know', () => {
    const budget = timeBudget([{ name: 'Walkthrough with parents' }], [{ name: 'Our own questionnaire' }], { participants: '', time: '' });
    expect(budget.lines).toEqual([]);
    expect([budget.participantsLow, budget.participantsHigh, budget.availableHours]).toEqual([0, 0, 0]);
    expect(budget.fits).toBe(true);
    expect(budget.assumptions).toEqual(
      expect.arrayContaining([
        'No participant number was given, so only the minutes per participant are counted.',
        'No time available was given, so the budget is not checked against it.',
        'Not counted, for want of figures: Walkthrough with parents, Our own questionnaire.',
      ]),
    );
  });
});
