/** A method or instrument of the plan, explained with our catalog text. */
export interface PlanItem {
  Name: string;
  Description: string;
  /** "Recommended" or "Engagement" when the rules suggest it for this plan, "" when the person chose it anyway. */
  Priority: string;
  Rationale: string;
}

/**
 * The plan as PDF layouts and custom templates see it. The first fields are
 * the contract's template data (TitleCase, as the Go templates clients hold
 * expect); the rest add what the built-in layout needs. Date is filled in by
 * pdf-service at render time. wizard-service builds it, pdf-service lays it out.
 */
export interface PlanDocument {
  Title: string;
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
  SelectedMethods: PlanItem[];
  SelectedInstruments: PlanItem[];
  NextSteps: string[];
  Notes: string;
  /** The project's description ("" for sessions). */
  Description: string;
  GoalsByCategory: Array<{ Category: string; Goals: string[] }>;
  CustomConstructs: Array<{ Name: string; Description: string; Goals: string[] }>;
}

/** What layouts and templates receive: the plan document plus the render date (ISO 8601). */
export type TemplateData = PlanDocument & { Date: string };
