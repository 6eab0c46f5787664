const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** User, session and project ids are UUIDs; anything else is refused before it reaches a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
