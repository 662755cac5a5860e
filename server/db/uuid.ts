const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value can be a row id. Checked before querying a uuid column, where PostgreSQL would
 * refuse a malformed value with an error instead of finding nothing.
 */
export const isUuid = (value: string): boolean => UUID.test(value);
