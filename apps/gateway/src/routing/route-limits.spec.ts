import { limits, systemDesignApi, voiceApi } from '@app/contracts';
import { routeBodyLimits, routeDeadlines } from './route-limits';

describe('upstream response deadlines', () => {
  const deadlineFor = routeDeadlines(5_000);

  it('give an ordinary call the ordinary deadline', () => {
    expect(deadlineFor('profile', 'GET', '/api/profile')).toBe(5_000);
    expect(deadlineFor('voice', 'GET', '/api/voice/credits')).toBe(5_000);
    expect(deadlineFor('identity', 'POST', '/auth/v1/token')).toBe(5_000);
  });

  it('give a route the longer deadline it declares, for its own method only', () => {
    expect(voiceApi.signedUrl.deadlineMs).toBeGreaterThan(5_000);
    expect(deadlineFor('voice', 'GET', '/api/elevenlabs/signed-url')).toBe(voiceApi.signedUrl.deadlineMs);
    expect(deadlineFor('voice', 'GET', '/api/elevenlabs/signed-url/')).toBe(voiceApi.signedUrl.deadlineMs);
    expect(deadlineFor('voice', 'POST', '/api/elevenlabs/signed-url')).toBe(5_000);
    expect(deadlineFor('voice', 'GET', '/api/elevenlabs/signed-url-x')).toBe(5_000);
  });

  it('never shorten the ordinary deadline when the operator set it above a declared one', () => {
    expect(routeDeadlines(60_000)('voice', 'GET', '/api/elevenlabs/signed-url')).toBe(60_000);
  });
});

describe('request body bounds', () => {
  const bodyLimitFor = routeBodyLimits(limits.bodyBytesMax);

  it("are the ordinary bound but for an endpoint that declares a larger one (a drawing's autosave), on its own method", () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(bodyLimitFor('practice', 'PUT', `/api/system-design/attempts/${id}`)).toBe(systemDesignApi.saveDesignAttempt.bodyBytesMax);
    expect(bodyLimitFor('practice', 'POST', `/api/system-design/attempts/${id}/submit`)).toBe(limits.bodyBytesMax);
    expect(bodyLimitFor('practice', 'POST', '/api/leetcode-questions')).toBe(limits.bodyBytesMax);
  });
});
