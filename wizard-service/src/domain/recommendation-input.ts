import { AppError } from '@evalplan/common/errors';
import { Joi, validate } from '@evalplan/common/input';

export type RecommendationStep = 2 | 3 | 4;

const schema = Joi.object({ forStep: Joi.number().integer().required() }).unknown(true).required().messages({
  'any.required': 'forStep is required',
  'number.base': 'forStep must be a whole number',
  'number.integer': 'forStep must be a whole number',
  'object.base': 'The request body must be a JSON object',
});

/** { forStep: 2 | 3 | 4 }: a missing or non-integer value is INVALID_INPUT, another integer INVALID_RECOMMENDATION_STEP. */
export function parseRecommendationRequest(body: unknown): RecommendationStep {
  const { forStep } = validate(schema, body, undefined, { convert: false }) as { forStep: number };
  if (forStep !== 2 && forStep !== 3 && forStep !== 4) {
    throw new AppError('INVALID_RECOMMENDATION_STEP', 'Recommendations are available for steps 2, 3 and 4.', { field: 'forStep' });
  }
  return forStep;
}
