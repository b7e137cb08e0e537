import type { EventType } from './events';

/**
 * Every backend service, listed once. The launcher, the gateway's routing and readiness, the test
 * helpers and the Kubernetes manifests all follow this list (docs/adding-a-service.md).
 */
export interface ServiceEntry {
  /** Also its folder (services/<name>), database schema and the subject prefix of what it produces. */
  readonly name: string;
  /** Public path prefixes the gateway routes to it; a prefix matches itself and anything below it. */
  readonly prefixes: readonly string[];
  /** Prefixes under which it accepts websocket upgrades (authenticated by the service itself). */
  readonly websockets?: readonly string[];
  /** Default port when run on its own; the launcher takes a free one if this is taken. */
  readonly port: number;
  readonly produces: readonly EventType[];
  readonly consumes: readonly EventType[];
  /**
   * Services it calls directly over HTTP (not through the gateway): each gets <NAME>_URL, and the
   * deployments open exactly this path between them (scripts/deploy-manifests.mjs).
   */
  readonly calls?: readonly string[];
}

export const serviceRegistry = [
  {
    name: 'identity',
    prefixes: ['/auth/v1', '/api/email-notifications'],
    port: 8101,
    produces: ['identity.user.registered', 'identity.user.deleted', 'identity.user.confirmed'],
    consumes: [
      'community.feature_request.status_changed',
      'community.submission.rejected',
      'community.notification.requested',
      'practice.review_digest.due',
      'practice.review_email.changed',
      'community.ask_digest.due',
    ],
  },
  {
    name: 'interviews',
    prefixes: ['/api/all-companies', '/api/candidate-interviews'],
    port: 8102,
    produces: ['interviews.company.created', 'interviews.interview.changed'],
    // Registered: an account's age, which offer ranges count only past offerRangeRules.accountMinAgeDays.
    consumes: ['identity.user.registered', 'identity.user.deleted'],
    // A shared card's author username (PROFILE_URL), read with the author's own token.
    calls: ['profile'],
  },
  {
    name: 'practice',
    prefixes: ['/api/leetcode-questions', '/api/error-types', '/api/system-design'],
    port: 8103,
    produces: ['practice.review_digest.due', 'practice.review_email.changed', 'practice.design.published', 'practice.design.submitted'],
    consumes: ['identity.user.deleted', 'voice.session.ended', 'profile.interview_date.set', 'interviews.interview.changed'],
  },
  {
    name: 'community',
    prefixes: [
      '/api/pathfinder',
      '/api/feature-requests',
      '/api/contact-form',
      '/api/external-resources',
      '/api/notifications',
      '/api/moderation',
      '/api/ask-a-swe',
      '/api/community-designs',
    ],
    port: 8104,
    produces: [
      'community.feature_request.status_changed',
      'community.submission.rejected',
      'community.notification.requested',
      'community.notification.created',
      'community.ask_digest.due',
    ],
    // Its own board events too: the notifications bell stores them per user.
    consumes: [
      'identity.user.deleted',
      'community.feature_request.status_changed',
      'community.submission.rejected',
      'community.notification.requested',
      // Ask a SWE: accounts' age (limits for new ones), the companies questions name, and whose Verified badge is for which company.
      'identity.user.registered',
      'interviews.company.created',
      'profile.employment.changed',
      // Community designs: the published snapshot of a System Design attempt, and who submitted which prompt (others' designs open to them).
      'practice.design.published',
      'practice.design.submitted',
    ],
  },
  {
    name: 'profile',
    prefixes: ['/api/profile'],
    port: 8105,
    produces: ['profile.interview_date.set', 'profile.employment.changed'],
    consumes: ['identity.user.registered', 'identity.user.deleted', 'identity.user.confirmed', 'interviews.company.created'],
  },
  {
    name: 'voice',
    prefixes: ['/api/elevenlabs', '/api/voice'],
    websockets: ['/api/voice/'],
    port: 8106,
    produces: ['voice.session.started', 'voice.session.ended'],
    consumes: ['identity.user.registered', 'identity.user.deleted'],
  },
] as const satisfies readonly ServiceEntry[];

export type ServiceName = (typeof serviceRegistry)[number]['name'];
export const serviceNames = serviceRegistry.map((s) => s.name) as ServiceName[];

/** The environment variable that points the gateway at a service: interviews → INTERVIEWS_URL. */
export const upstreamUrlVariable = (name: string) => `${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_URL`;

export const serviceEntry = (name: string): ServiceEntry | undefined => serviceRegistry.find((s) => s.name === name);
