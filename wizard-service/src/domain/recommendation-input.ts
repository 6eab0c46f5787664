import { type FailureMapper, validate } from '@evalplan/common/input';
import { RECOMMENDATION_QUERY } from '../contracts/requests';

export type RecommendationStep = 2 | 3 | 4;

const MESSAGES = {
  'any.required': 'forStep is required',
  'number.base': 'forStep must be a whole number',
  'number.integer': 'forStep must be a whole number',
  'object.base': 'The request body must be a JSON object',
};

/** A whole number other than 2, 3 or 4 has its own code. */
const stepFailure: FailureMapper = (detail) =>
  detail.type === 'number.min' || detail.type === 'number.max'
    ? { code: 'INVALID_RECOMMENDATION_STEP', message: 'Recommendations are available for steps 2, 3 and 4.' }
    : undefined;

/** { forStep: 2 | 3 | 4 }: a missing or non-integer value is INVALID_INPUT, another integer INVALID_RECOMMENDATION_STEP. */
export function parseRecommendationRequest(body: unknown): RecommendationStep {
  const { forStep } = validate(RECOMMENDATION_QUERY, body, stepFailure, { convert: false, messages: MESSAGES }) as {
    forStep: RecommendationStep;
  };
  return forStep;
}
