import type { types } from '@evalplan/protos';
import type { Answer } from '../contracts/responses';

/** The catalog message as GET /catalog answers it: each kind of item with the fields it has. */

function itemJson({ id, name, description, rationale, tags, icon }: types.CatalogItem__Output) {
  return { id, name, description, rationale, tags, icon };
}

function optionsJson(options: types.CatalogOption__Output[]) {
  return options.map(({ value, label, description }) => ({ value, label, description }));
}

export function catalogJson(catalog: types.Catalog__Output): Answer<'Catalog'> {
  return {
    goalCategories: catalog.goalCategories.map(({ id, name, description, goals }) => ({
      id,
      name,
      description,
      goals: goals.map((goal) => ({ name: goal.name, description: goal.description })),
    })),
    participants: optionsJson(catalog.participants),
    developmentStages: optionsJson(catalog.developmentStages),
    accessibility: optionsJson(catalog.accessibility),
    time: optionsJson(catalog.time),
    extraConstraints: optionsJson(catalog.extraConstraints),
    methods: catalog.methods.map((method) => ({ ...itemJson(method), kind: method.kind })),
    instruments: catalog.instruments.map((instrument) => ({
      ...itemJson(instrument),
      category: instrument.category,
      methods: instrument.methods,
    })),
    nextSteps: catalog.nextSteps.map(itemJson),
  };
}
