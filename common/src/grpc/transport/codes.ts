/** The status codes of the gRPC spec (doc/statuscodes.md), by name. */
export const Status = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

export type StatusCode = (typeof Status)[keyof typeof Status];

const NAMES = Object.fromEntries(Object.entries(Status).map(([name, code]) => [code, name])) as Record<number, string>;

/** "UNAVAILABLE" for 14; a code outside the spec keeps its number. */
export function statusName(code: number): string {
  return NAMES[code] ?? String(code);
}
