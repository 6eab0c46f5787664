import { deepFreeze } from '@evalplan/common/proto-memo';
import { isPlainObject, type JsonObject } from '@evalplan/common/typed-json';
import { LRUCache } from 'lru-cache';
import type * as types from './generated/index';
import { jsonOf, messageOf } from './typed';

/**
 * The wizard's steps in the messages: each step number has its message type,
 * its member in the step_data oneofs (SaveStepRequest, SaveStepResponse) and
 * its field of WizardSteps. The HTTP API keys steps "1" to "4".
 */
export const STEP_MESSAGES = {
  1: { member: 'goalsAndContext', type: 'GoalsAndContextStep', field: 'step1' },
  2: { member: 'methods', type: 'MethodsStep', field: 'step2' },
  3: { member: 'instruments', type: 'InstrumentsStep', field: 'step3' },
  4: { member: 'nextSteps', type: 'NextStepsStep', field: 'step4' },
} as const;

type StepMember = (typeof STEP_MESSAGES)[keyof typeof STEP_MESSAGES]['member'];

/** The members of a step_data oneof (SaveStepRequest and SaveStepResponse have the same). */
export type StepDataMembers = Pick<types.SaveStepRequest, StepMember>;

/** A decoded message with a step_data oneof: stepData names the member that is set (the loader's `oneofs: true`). */
type WithStepData = { [member in StepMember]?: object | null } & { stepData?: string | null };

const BY_MEMBER = new Map<string, (typeof STEP_MESSAGES)[keyof typeof STEP_MESSAGES]>(
  Object.values(STEP_MESSAGES).map((step) => [step.member, step]),
);

function stepOf(step: number) {
  return STEP_MESSAGES[step as keyof typeof STEP_MESSAGES] as (typeof STEP_MESSAGES)[keyof typeof STEP_MESSAGES] | undefined;
}

/** The saved steps object ({"1": {...}, ...}) as WizardSteps; keys other than "1".."4" and non-objects have no place and are left out. */
export function stepsMessage(steps: JsonObject): types.WizardSteps {
  const message: Record<string, unknown> = {};
  for (const key of Object.keys(steps)) {
    const step = stepOf(Number(key));
    if (step && String(Number(key)) === key && isPlainObject(steps[key])) message[step.field] = messageOf(step.type, steps[key]);
  }
  return message as types.WizardSteps;
}

/** How many characters of saved steps text stepsMessageOfText keeps converted. */
const STEPS_TEXT_CHARACTERS = 4 * 1024 * 1024;

const messagesOfTexts = new LRUCache<string, types.WizardSteps>({
  maxSize: STEPS_TEXT_CHARACTERS,
  sizeCalculation: (_message, text) => text.length || 1,
});

/**
 * The saved steps object's JSON text as WizardSteps, frozen and the same
 * object for the same text: the serializers then encode it once, however
 * often it is read (see the memoized WizardSteps in index.ts).
 */
export function stepsMessageOfText(text: string): types.WizardSteps {
  let message = messagesOfTexts.get(text);
  if (!message) {
    message = deepFreeze(stepsMessage(JSON.parse(text) as JsonObject));
    messagesOfTexts.set(text, message);
  }
  return message;
}

/** stepsJson's answers for decoded (frozen, memoized) WizardSteps. */
const jsonOfDecodedSteps = new WeakMap<object, JsonObject>();

/** The JSON text of those answers, written on first asking (undefined until then). */
const textOfStepsJson = new WeakMap<object, string | undefined>();

/** WizardSteps as the steps object of the HTTP API (frozen, and the same object each time, for frozen steps). */
export function stepsJson(message: types.WizardSteps__Output | null | undefined): JsonObject {
  if (!message) return {};
  if (!Object.isFrozen(message)) return stepsJsonOf(message);
  let json = jsonOfDecodedSteps.get(message);
  if (!json) {
    json = deepFreeze(stepsJsonOf(message));
    jsonOfDecodedSteps.set(message, json);
    textOfStepsJson.set(json, undefined);
  }
  return json;
}

/**
 * The JSON text of a steps object stepsJson returned for decoded steps,
 * serialised once and kept beside it, so that a wizard read answers with the
 * text instead of serialising the same steps again; undefined for any other
 * value.
 */
export function stepsJsonText(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || !textOfStepsJson.has(json)) return undefined;
  let text = textOfStepsJson.get(json);
  if (text === undefined) {
    text = JSON.stringify(json);
    textOfStepsJson.set(json, text);
  }
  return text;
}

function stepsJsonOf(message: types.WizardSteps__Output): JsonObject {
  const json: JsonObject = {};
  for (const [number, step] of Object.entries(STEP_MESSAGES)) {
    const value = message[step.field];
    if (value) json[number] = jsonOf(step.type, value);
  }
  return json;
}

/** Step data as the step_data member of its step number ({} when the number has no step: nothing to set). */
export function stepDataMessage(step: number, data: JsonObject): StepDataMembers {
  const found = stepOf(step);
  return found ? { [found.member]: messageOf(found.type, data) } : {};
}

/** The step data a message's step_data oneof holds, as a JSON object; undefined when none is set. */
export function stepDataJson(message: WithStepData): JsonObject | undefined {
  const step = message.stepData ? BY_MEMBER.get(message.stepData) : undefined;
  if (!step) return undefined;
  return jsonOf(step.type, message[step.member]);
}
