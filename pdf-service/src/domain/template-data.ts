import type { types } from '@evalplan/protos';

/** A method or instrument as templates see it. */
export interface TemplateItem {
  Name: string;
  Description: string;
  /** "Recommended" or "Engagement" when the rules suggest it for this plan, "" when the person chose it anyway. */
  Priority: string;
  Rationale: string;
}

/**
 * What the built-in layout and custom templates receive: the plan document
 * under the TitleCase names the Go templates clients hold expect, plus the
 * render date (ISO 8601). The first fields are the contract's template data;
 * the rest add what the built-in layout needs.
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
}

const item = (entry: types.PlanItem__Output): TemplateItem => ({
  Name: entry.name,
  Description: entry.description,
  Priority: entry.priority,
  Rationale: entry.rationale,
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
  };
}
