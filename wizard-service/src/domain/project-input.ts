import { AppError } from '@evalplan/common/errors';
import { type FailureMapper, findUnstorableText, type Joi, validate } from '@evalplan/common/input';
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PAGE_VALUE_MAX,
  PROJECT_CREATE,
  PROJECT_UPDATE,
} from '../contracts/requests';

export interface ProjectFields {
  name: string;
  description: string;
}

const MESSAGES: Joi.LanguageMessages = {
  'any.required': '{#label} is required',
  'string.base': '{#label} must be a string',
  'object.base': 'The request body must be a JSON object',
  'object.unknown': 'The field {#label} cannot be set here',
  'object.missing': 'Give a new name or description',
};

const nameFailure: FailureMapper = (detail) => {
  if (detail.path[0] !== 'name' || detail.type === 'any.required' || detail.type === 'string.base') return undefined;
  return {
    code: 'INVALID_PROJECT_NAME',
    message: `The project name must be 1 to ${NAME_MAX_LENGTH} characters long and not only spaces.`,
  };
};

const descriptionFailure: FailureMapper = (detail) =>
  detail.path[0] === 'description' && detail.type === 'string.max'
    ? { code: 'INVALID_INPUT', message: `The description must be at most ${DESCRIPTION_MAX_LENGTH} characters long.` }
    : undefined;

const failure: FailureMapper = (detail) => nameFailure(detail) ?? descriptionFailure(detail);

const createSchema = PROJECT_CREATE as Joi.ObjectSchema<ProjectFields>;
const updateSchema = PROJECT_UPDATE as Joi.ObjectSchema<Partial<ProjectFields>>;

function checkStorable(fields: Partial<ProjectFields>): void {
  const field = findUnstorableText(fields);
  if (field !== undefined) {
    const code = field === 'name' ? 'INVALID_PROJECT_NAME' : 'INVALID_INPUT';
    throw new AppError(code, `The ${field} contains a NUL character or a broken Unicode character.`, { field });
  }
}

/** A new project's (or a conversion's) name and description: name trimmed, description optional. */
export function parseProjectFields(body: unknown): ProjectFields {
  const fields = validate(createSchema, body, failure, { messages: MESSAGES });
  checkStorable(fields);
  return fields;
}

/** A PATCH: only name and description, at least one of them. */
export function parseProjectUpdate(body: unknown): Partial<ProjectFields> {
  const fields = validate(updateSchema, body, failure, { messages: MESSAGES });
  checkStorable(fields);
  return fields;
}

export interface Page {
  limit: number;
  offset: number;
}

function wholeNumber(value: number | undefined, field: 'limit' | 'offset', fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0 || value > PAGE_VALUE_MAX) {
    throw new AppError('INVALID_PAGINATION', `${field} must be a whole number from 0 to ${PAGE_VALUE_MAX}.`, { field });
  }
  return value;
}

/** limit defaults to 50 and is clamped to 100; offset defaults to 0; both whole numbers (the gateway sends a query value that is none as -1). */
export function parsePage(limit: number | undefined, offset: number | undefined): Page {
  return {
    limit: Math.min(wholeNumber(limit, 'limit', PAGE_SIZE_DEFAULT), PAGE_SIZE_MAX),
    offset: wholeNumber(offset, 'offset', 0),
  };
}
