const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Session and project ids are UUIDs; anything else is refused before a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
