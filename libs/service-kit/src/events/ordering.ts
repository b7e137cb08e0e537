import type { EventData, EventType } from '@app/contracts';

/**
 * Events whose order matters among those about one thing (an aggregate), and the key naming it. The
 * relay publishes rows of one key one after another: a later row waits while an earlier one is
 * retried, and goes on once that one is published or parked (a parked row redriven later arrives
 * out of order: consumers of these events already tolerate that, see each entry).
 *
 * - a user's registration before their deletion (identity): a consumer that saw the deletion first
 *   remembers the account as erased and ignores the late registration, but in order nothing is
 *   created only to be erased;
 * - a feature request's status changes (community): the bell and the mail say "is now <status>",
 *   so "done" must not be followed by the "planned" that came before it;
 * - a user's interview date (profile): the last one set is the one that holds;
 * - a voice session's start before its end (voice).
 *
 * The other events are independent of each other: a company announced once, a submission's
 * rejection, a notification (keyed by its own event id), a day's review digest.
 */
export const orderingKeys: { [T in EventType]?: (data: EventData<T>) => string } = {
  'identity.user.registered': (d) => `user:${d.user_id}`,
  'identity.user.deleted': (d) => `user:${d.user_id}`,
  'community.feature_request.status_changed': (d) => `feature_request:${d.feature_request_id}`,
  'profile.interview_date.set': (d) => `user:${d.user_id}`,
  'voice.session.started': (d) => `voice_session:${d.session_id}`,
  'voice.session.ended': (d) => `voice_session:${d.session_id}`,
};
