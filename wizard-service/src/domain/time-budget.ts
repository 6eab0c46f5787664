import type { types } from '@evalplan/protos';
import type { MethodFacts, Minutes } from '../catalog/catalog';

export type TimeBudget = types.TimeBudget__Output;
type BudgetLine = types.BudgetLine__Output;

/** Hours a week one researcher has for running sessions: the rest of the week goes to recruiting, analysis and writing. */
export const SESSION_HOURS_PER_WEEK = 20;

/** Weeks each time choice of step 1 gives, at its upper end ("1-2 weeks" is 2): a warning must not cry wolf. */
const WEEKS: Record<string, number> = { '1 week': 1, '1-2 weeks': 2, '1 month': 4, '3+ months': 13 };

/** The participant range of step 1's choice; "< 10" starts at 5, the smallest sample the planning sources discuss. */
export function participantRange(value: string): { low: number; high: number } | undefined {
  const text = value.trim();
  let match = /^(\d+)\s*[-–]\s*(\d+)$/.exec(text);
  if (match) {
    const [low, high] = [Number(match[1]), Number(match[2])];
    return low <= high ? { low, high } : { low: high, high: low };
  }
  if ((match = /^(\d+)\s*\+$/.exec(text))) return { low: Number(match[1]), high: Number(match[1]) };
  if ((match = /^<\s*(\d+)$/.exec(text))) {
    const high = Math.max(1, Number(match[1]) - 1);
    return { low: Math.min(5, high), high };
  }
  return undefined;
}

/** A method of the plan with its facts (absent for one the catalog does not know). */
export interface BudgetMethod {
  name: string;
  facts?: MethodFacts;
}

/** A questionnaire of the plan with its minutes (absent where none are known). */
export interface BudgetInstrument {
  name: string;
  minutes?: Minutes;
}

const ZERO: Minutes = { low: 0, high: 0, estimate: false };
const round1 = (value: number) => Math.round(value * 10) / 10;
/** A catalog span of minutes as the plan document carries it. */
export const minutesRange = (m: Minutes): types.MinutesRange__Output => ({
  low: m.low,
  high: m.high,
  estimate: m.estimate,
  note: m.note ?? '',
});
const hours = (value: number) => `${Math.round(value)} h`;

/** What one method costs: participant minutes and researcher hours for `low`–`high` participants. */
function methodLine(method: BudgetMethod, people: { low: number; high: number }): BudgetLine {
  const facts = method.facts!;
  const session = facts.sessionMinutes;
  const line = (participant: Minutes, low: number, high: number, basis: string): BudgetLine => ({
    name: method.name,
    kind: 'method',
    participantMinutes: minutesRange(participant),
    researcherHoursLow: round1(low / 60),
    researcherHoursHigh: round1(high / 60),
    basis,
  });
  switch (facts.researcherTime) {
    case 'per-participant':
      return line(session, session.low * people.low, session.high * people.high, 'one moderated session per participant');
    case 'per-group': {
      const size = facts.groupSize ?? { low: 1, high: 1 };
      const fewest = Math.ceil(people.low / size.high);
      const most = Math.ceil(people.high / size.low);
      return line(session, session.low * fewest, session.high * most, `one session per group of ${size.low}–${size.high}`);
    }
    case 'per-evaluator':
      return line(ZERO, session.low, session.high, 'one evaluator’s session; add one for each further evaluator');
    case 'none':
      return line(session, 0, 0, 'answered without a researcher');
  }
}

/**
 * Adds up what the plan asks of participants and researchers, for the
 * participant range of step 1, and says plainly when it does not fit the
 * time available. Methods and questionnaires the catalog has no figures
 * for are named in the assumptions instead of guessed.
 */
export function timeBudget(
  methods: BudgetMethod[],
  instruments: BudgetInstrument[],
  setup: { participants: string; time: string },
): TimeBudget {
  const range = participantRange(setup.participants);
  const people = range ?? { low: 0, high: 0 };
  const lines: BudgetLine[] = [];
  const unknown: string[] = [];
  for (const method of methods) {
    if (!method.facts) unknown.push(method.name);
    // Surveys take no time of their own: their questionnaires are counted below.
    else if (method.facts.researcherTime !== 'none' || method.facts.sessionMinutes.high > 0) lines.push(methodLine(method, people));
  }
  for (const instrument of instruments) {
    if (!instrument.minutes) {
      unknown.push(instrument.name);
      continue;
    }
    lines.push({
      name: instrument.name,
      kind: 'instrument',
      participantMinutes: minutesRange(instrument.minutes),
      researcherHoursLow: 0,
      researcherHoursHigh: 0,
      basis: 'answered without a researcher',
    });
  }

  const sum = (pick: (line: BudgetLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const perParticipant = {
    low: round1(sum((line) => line.participantMinutes!.low)),
    high: round1(sum((line) => line.participantMinutes!.high)),
    estimate: lines.some((line) => line.participantMinutes!.estimate),
    note: '',
  };
  const researcherLow = round1(sum((line) => line.researcherHoursLow));
  const researcherHigh = round1(sum((line) => line.researcherHoursHigh));
  const weeks = WEEKS[setup.time.trim()];
  const available = weeks === undefined ? 0 : weeks * SESSION_HOURS_PER_WEEK;

  const warnings: string[] = [];
  if (weeks !== undefined && range) {
    if (researcherLow > available) {
      warnings.push(
        `Even with ${people.low} participants the sessions need about ${hours(researcherLow)} of researcher time, more than the ` +
          `about ${hours(available)} that ${setup.time} allows: choose fewer or shorter moderated sessions, or plan more time.`,
      );
    } else if (researcherHigh > available) {
      warnings.push(
        `With ${people.high} participants the sessions need about ${hours(researcherHigh)} of researcher time, more than the ` +
          `about ${hours(available)} that ${setup.time} allows: plan for fewer participants, shorter sessions or more time.`,
      );
    }
  }
  if (weeks !== undefined) {
    for (const method of methods) {
      const span = method.facts?.spanDays;
      if (span && span.low > weeks * 7) {
        warnings.push(`${method.name} runs for at least ${span.low} days, longer than the ${setup.time} available.`);
      }
    }
  }

  const assumptions = [
    `One researcher runs every moderated session and has about ${SESSION_HOURS_PER_WEEK} hours a week for them; the rest of the week goes to recruiting, analysis and writing.`,
    'Each participant takes part once and answers every questionnaire once.',
  ];
  if (perParticipant.estimate) assumptions.push('Figures marked as estimates are rules of thumb, not figures a source states.');
  if (!range) assumptions.push('No participant number was given, so only the minutes per participant are counted.');
  if (weeks === undefined) assumptions.push('No time available was given, so the budget is not checked against it.');
  if (unknown.length > 0) assumptions.push(`Not counted, for want of figures: ${unknown.join(', ')}.`);

  return {
    lines,
    minutesPerParticipant: perParticipant,
    participantsLow: people.low,
    participantsHigh: people.high,
    participantHoursLow: round1((perParticipant.low * people.low) / 60),
    participantHoursHigh: round1((perParticipant.high * people.high) / 60),
    researcherHoursLow: researcherLow,
    researcherHoursHigh: researcherHigh,
    availableHours: available,
    fits: warnings.length === 0,
    warnings,
    assumptions,
  };
}
