import type { types } from '@evalplan/protos';

/** A span of minutes. `Estimate` marks a rule-of-thumb figure, not one a source states. */
export interface TemplateMinutes {
  Low: number;
  High: number;
  Estimate: boolean;
  /** Where the figure comes from, or why it is only an estimate. */
  Note: string;
}

/** How many items an instrument, or one version of it ("UEQ-S"), has. */
export interface TemplateItemCount {
  /** "" for the instrument itself. */
  Version: string;
  Count: number;
  /** Words where a bare count would mislead; "" otherwise. */
  Detail: string;
}

/**
 * A method or instrument as templates see it. The fields after `Rationale`
 * are always set by templateData(); they are optional so that a plan written
 * by hand (tests, benchmarks) need not spell them out.
 */
export interface TemplateItem {
  Name: string;
  Description: string;
  /** "Recommended" or "Engagement" when the rules suggest it for this plan, "" when the person chose it anyway. */
  Priority: string;
  Rationale: string;
  /** The catalog id ("sus"); "" for an entry the catalog does not know. */
  Id?: string;
  /** The priority in words ("Recommended", "Suggested for engagement"); "" with no priority. */
  PriorityLabel?: string;
  /** The plan's goals it measures. */
  Goals?: string[];
  /** Instruments: items per version. */
  Items?: TemplateItemCount[];
  /** Instruments: "5-point Likert scale". */
  ResponseFormat?: string;
  /** Instruments: minutes to complete; methods: minutes of one session. null when unknown. */
  Minutes?: TemplateMinutes | null;
  /** Instruments: what it measures. */
  Constructs?: string[];
  /** Instruments: its terms of use. */
  Licence?: string;
  /** Methods: how many participants and sessions to plan. */
  ParticipantGuidance?: string;
  /** In-text citations of its sources ("Brooke, 1996"), each one of the plan's References. */
  Cites?: string[];
  /** The method's kind ("qualitative") or the instrument's category ("questionnaire"). */
  Kind?: string;
}

/** Which selected method, instrument or custom construct measures which goal. */
export interface TemplateCoverage {
  /** Kind is "method", "instrument" or "construct". */
  Columns: Array<{ Kind: string; Id: string; Name: string }>;
  /** One per goal; MeasuredBy has one flag per column, in the columns' order. */
  Rows: Array<{ Goal: string; MeasuredBy: boolean[]; Covered: boolean; Suggestions: string[] }>;
  UncoveredGoals: string[];
}

/** What one method or instrument costs participants and researchers. */
export interface TemplateBudgetLine {
  Name: string;
  /** "method" or "instrument". */
  Kind: string;
  ParticipantMinutes: TemplateMinutes;
  ResearcherHoursLow: number;
  ResearcherHoursHigh: number;
  /** How the researcher hours are counted. */
  Basis: string;
}

/** The plan's time budget for the participant range, against the time available. */
export interface TemplateTimeBudget {
  Lines: TemplateBudgetLine[];
  MinutesPerParticipant: TemplateMinutes;
  /** 0 and 0 when no participant range was given. */
  ParticipantsLow: number;
  ParticipantsHigh: number;
  ParticipantHoursLow: number;
  ParticipantHoursHigh: number;
  ResearcherHoursLow: number;
  ResearcherHoursHigh: number;
  /** 0 when no time was given. */
  AvailableHours: number;
  Fits: boolean;
  Warnings: string[];
  Assumptions: string[];
}

/** Questions to work through before a study with people. */
export interface TemplateChecklist {
  Reasons: string[];
  Items: Array<{ Topic: string; Question: string }>;
  Disclaimer: string;
}

/** One source the plan cites, in APA 7 style. */
export interface TemplateReference {
  Key: string;
  /** The in-text citation items point at ("Brooke, 1996"). */
  Citation: string;
  /** The reference-list entry as plain text. */
  Text: string;
  /** The same entry in runs, the parts APA 7 sets in italics marked. */
  Runs: Array<{ Text: string; Italic: boolean }>;
  /** "https://doi.org/…", or "". */
  DoiUrl: string;
}

/**
 * What the built-in layout and custom templates receive: the plan document
 * under the TitleCase names the Go templates clients hold expect, plus the
 * render date (ISO 8601). The first fields are the contract's template data;
 * the rest add what the built-in layout needs. templateData() sets every
 * field; the optional ones may be left out of a plan written by hand.
 */
export interface TemplateData {
  Title: string;
  Date: string;
  EvaluationGoals: string[];
  ProjectType: string;
  Participants: string;
  DevelopmentStage: string;
  Accessibility: string;
  TimeConstraint: string;
  ExtraConstraints: string[];
  ResearchEnabled: boolean;
  ResearchObjective: string;
  ResearchQuestions: string[];
  Hypotheses: string[];
  SelectedMethods: TemplateItem[];
  SelectedInstruments: TemplateItem[];
  NextSteps: string[];
  Notes: string;
  /** The project's description ("" for sessions). */
  Description: string;
  GoalsByCategory: Array<{ Category: string; Goals: string[] }>;
  CustomConstructs: Array<{ Name: string; Description: string; Goals: string[] }>;
  /** The IANA time zone the plan's dates are shown in (the request's template.timeZone, else UTC). */
  TimeZone?: string;
  Coverage?: TemplateCoverage;
  TimeBudget?: TemplateTimeBudget;
  /** null when neither research nor a sensitive population asks for one. */
  Checklist?: TemplateChecklist | null;
  /** Deduplicated and in APA 7's order. */
  References?: TemplateReference[];
  /** What the priorities mean. */
  PriorityLegend?: string;
}

const NO_MINUTES: types.MinutesRange__Output = { low: 0, high: 0, estimate: false, note: '' };

const minutes = (range: types.MinutesRange__Output): TemplateMinutes => ({
  Low: range.low ?? 0,
  High: range.high ?? 0,
  Estimate: range.estimate ?? false,
  Note: range.note ?? '',
});

const item = (entry: types.PlanItem__Output): TemplateItem => ({
  Name: entry.name,
  Description: entry.description,
  Priority: entry.priority,
  Rationale: entry.rationale,
  Id: entry.id ?? '',
  PriorityLabel: entry.priorityLabel ?? '',
  Goals: entry.goals ?? [],
  Items: (entry.items ?? []).map(({ version, count, detail }) => ({ Version: version ?? '', Count: count ?? 0, Detail: detail ?? '' })),
  ResponseFormat: entry.responseFormat ?? '',
  Minutes: entry.minutes ? minutes(entry.minutes) : null,
  Constructs: entry.constructs ?? [],
  Licence: entry.licence ?? '',
  ParticipantGuidance: entry.participantGuidance ?? '',
  Cites: entry.cites ?? [],
  Kind: entry.kind ?? '',
});

function coverage(message: types.Coverage__Output | null | undefined): TemplateCoverage {
  return {
    Columns: (message?.columns ?? []).map(({ kind, id, name }) => ({ Kind: kind, Id: id, Name: name })),
    Rows: (message?.rows ?? []).map(({ goal, measuredBy, covered, suggestions }) => ({
      Goal: goal,
      MeasuredBy: measuredBy ?? [],
      Covered: covered ?? false,
      Suggestions: suggestions ?? [],
    })),
    UncoveredGoals: message?.uncoveredGoals ?? [],
  };
}

function timeBudget(message: types.TimeBudget__Output | null | undefined): TemplateTimeBudget {
  return {
    Lines: (message?.lines ?? []).map((line) => ({
      Name: line.name,
      Kind: line.kind,
      ParticipantMinutes: minutes(line.participantMinutes ?? NO_MINUTES),
      ResearcherHoursLow: line.researcherHoursLow ?? 0,
      ResearcherHoursHigh: line.researcherHoursHigh ?? 0,
      Basis: line.basis ?? '',
    })),
    MinutesPerParticipant: minutes(message?.minutesPerParticipant ?? NO_MINUTES),
    ParticipantsLow: message?.participantsLow ?? 0,
    ParticipantsHigh: message?.participantsHigh ?? 0,
    ParticipantHoursLow: message?.participantHoursLow ?? 0,
    ParticipantHoursHigh: message?.participantHoursHigh ?? 0,
    ResearcherHoursLow: message?.researcherHoursLow ?? 0,
    ResearcherHoursHigh: message?.researcherHoursHigh ?? 0,
    AvailableHours: message?.availableHours ?? 0,
    // No budget has nothing that could not fit.
    Fits: message ? (message.fits ?? false) : true,
    Warnings: message?.warnings ?? [],
    Assumptions: message?.assumptions ?? [],
  };
}

function checklist(message: types.Checklist__Output | null | undefined): TemplateChecklist | null {
  if (!message) return null;
  return {
    Reasons: message.reasons ?? [],
    Items: (message.items ?? []).map(({ topic, question }) => ({ Topic: topic, Question: question })),
    Disclaimer: message.disclaimer ?? '',
  };
}

const reference = (entry: types.Reference__Output): TemplateReference => ({
  Key: entry.key ?? '',
  Citation: entry.citation ?? '',
  Text: entry.text ?? '',
  // A reference without runs is its plain text, upright.
  Runs:
    entry.runs && entry.runs.length > 0
      ? entry.runs.map(({ text, italic }) => ({ Text: text, Italic: italic ?? false }))
      : [{ Text: entry.text ?? '', Italic: false }],
  DoiUrl: entry.doiUrl ?? '',
});

/** The plan document message as templates see it, rendered at `date`, to be shown in `timeZone`. */
export function templateData(document: types.PlanDocument__Output, date: Date, timeZone = 'UTC'): TemplateData {
  return {
    Title: document.title,
    Date: date.toISOString(),
    TimeZone: timeZone,
    EvaluationGoals: document.evaluationGoals,
    ProjectType: document.projectType,
    Participants: document.participants,
    DevelopmentStage: document.developmentStage,
    Accessibility: document.accessibility,
    TimeConstraint: document.timeConstraint,
    ExtraConstraints: document.extraConstraints,
    ResearchEnabled: document.researchEnabled,
    ResearchObjective: document.researchObjective,
    ResearchQuestions: document.researchQuestions,
    Hypotheses: document.hypotheses,
    SelectedMethods: document.selectedMethods.map(item),
    SelectedInstruments: document.selectedInstruments.map(item),
    NextSteps: document.nextSteps,
    Notes: document.notes,
    Description: document.description,
    GoalsByCategory: document.goalsByCategory.map(({ category, goals }) => ({ Category: category, Goals: goals })),
    CustomConstructs: document.customConstructs.map(({ name, description, goals }) => ({
      Name: name,
      Description: description,
      Goals: goals,
    })),
    Coverage: coverage(document.coverage),
    TimeBudget: timeBudget(document.timeBudget),
    Checklist: checklist(document.checklist),
    References: (document.references ?? []).map(reference),
    PriorityLegend: document.priorityLegend ?? '',
  };
}
