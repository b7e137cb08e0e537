import { validationFailed } from '../errors';

/**
 * The position after the last row of a page, in a list ordered newest first: the row's created_at
 * to the microsecond (the column's precision, so no two rows collapse) and its id, which breaks
 * ties. Opaque to callers; read in SQL as `(created_at, id) < ($t::timestamptz, $id::uuid)`.
 */
export interface PagePosition {
  createdAt: string;
  id: string;
}

const shape = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** SQL giving a timestamptz column as the cursor wants it (UTC, six decimals). */
export const cursorTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodePageCursor = (position: PagePosition): string => Buffer.from(`${position.createdAt}/${position.id}`).toString('base64url');

/** A cursor the service did not make is a 400 (`message` on field `cursor`), never a silently restarted list. */
export function decodePageCursor(cursor: string, message: string): PagePosition {
  const match = shape.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || Number.isNaN(Date.parse(match[1]))) throw validationFailed({ cursor: message });
  return { createdAt: match[1], id: match[2] };
}
