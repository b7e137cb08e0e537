import { isAnonymousRoute, isUnsafePath, resolveUpstream } from './prefix-table';

describe('prefix table', () => {
  it.each([
    ['/auth/v1/token', 'identity'],
    ['/auth/v1', 'identity'],
    ['/api/all-companies', 'interviews'],
    ['/api/candidate-interviews/1', 'interviews'],
    ['/api/leetcode-questions/sessions', 'practice'],
    ['/api/error-types', 'practice'],
    ['/api/pathfinder', 'community'],
    ['/api/feature-requests/1/interactions/2', 'community'],
    ['/api/contact-form', 'community'],
    ['/api/external-resources', 'community'],
    ['/api/profile', 'profile'],
    ['/api/elevenlabs/signed-url', 'voice'],
    ['/api/voice/sessions/1/end', 'voice'],
  ])('%s → %s', (path, upstream) => expect(resolveUpstream(path)).toBe(upstream));

  it.each(['/api/profiles', '/api/Profile', '/api', '/api/', '/auth/v2/token', '/auth/v1x', '/', '/profile'])('%s → nobody', (path) =>
    expect(resolveUpstream(path)).toBeUndefined(),
  );

  it('lets only POST /api/contact-form in without a token', () => {
    expect(isAnonymousRoute('POST', '/api/contact-form')).toBe(true);
    expect(isAnonymousRoute('POST', '/api/contact-form/')).toBe(true);
    expect(isAnonymousRoute('GET', '/api/contact-form')).toBe(false);
    expect(isAnonymousRoute('POST', '/api/contact-form/1')).toBe(false);
    expect(isAnonymousRoute('POST', '/api/contact-forms')).toBe(false);
  });

  it("lets ElevenLabs' post-call webhook reach voice without a token (its signature is the credential), and nothing beside it", () => {
    expect(resolveUpstream('/api/elevenlabs/post-call')).toBe('voice');
    expect(isAnonymousRoute('POST', '/api/elevenlabs/post-call')).toBe(true);
    expect(isAnonymousRoute('GET', '/api/elevenlabs/post-call')).toBe(false);
    expect(isAnonymousRoute('GET', '/api/elevenlabs/signed-url')).toBe(false);
    expect(isAnonymousRoute('POST', '/api/voice/sessions/00000000-0000-0000-0000-000000000000/conversation')).toBe(false);
  });

  it.each(['/api/x/../y', '/api/./x', '/api/%2e%2E/x', '/api/x%2Fy', '/api/x%5cy', '/api/x\\y', '/..'])('refuses %s', (path) =>
    expect(isUnsafePath(path)).toBe(true),
  );
  it.each(['/api/profile', '/assets/index-abc.js', '/api/x..y/.well-known', '/'])('accepts %s', (path) => expect(isUnsafePath(path)).toBe(false));
});
