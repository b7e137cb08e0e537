import { interviewMessages } from '@app/contracts';
import { validationFailed } from '@app/service-kit';

/**
 * The position after the last interview of a page: its created_at to the microsecond (the column's
 * precision, so no two rows collapse) and its id, which breaks ties. Opaque to callers.
 */
export interface Position {
  createdAt: string;
  id: string;
}

const shape = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const encodeCursor = (position: Position): string => Buffer.from(`${position.createdAt}/${position.id}`).toString('base64url');

/** A cursor this service did not make is a 400, never a silently restarted list. */
export function decodeCursor(cursor: string): Position {
  const match = shape.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || Number.isNaN(Date.parse(match[1]))) throw validationFailed({ cursor: interviewMessages.cursor });
  return { createdAt: match[1], id: match[2] };
}
