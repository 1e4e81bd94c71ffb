// The one test of 'is this a UUID' (the ids of filings, documents, endpoints, users...): a text
// that fails it is answered 'not found' before it reaches a uuid column, where PostgreSQL would
// refuse it with an error. Client-safe.
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (v: string): boolean => UUID_PATTERN.test(v);
