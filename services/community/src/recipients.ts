import { notificationRecipientsMax } from '@app/contracts';

/**
 * Accounts to tell of one thing, in groups of at most notificationRecipientsMax: one event per
 * group, so a request with 20,000 followers is 20 events, each far below the stream's message limit.
 */
export function recipientGroups<T>(ids: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < ids.length; i += notificationRecipientsMax) groups.push(ids.slice(i, i + notificationRecipientsMax));
  return groups;
}
