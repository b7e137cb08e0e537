import { EndSession, InterviewContext, interviewsApi, voiceApi } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '@/lib/api';

// Only rendered inside the signed-in shell (protected routes), so every query has a user.

export function useCredits() {
  return useQuery(endpointQuery(voiceApi.credits));
}

export function useVoiceSessions() {
  return useQuery(endpointQuery(voiceApi.listSessions));
}

/**
 * One interview with its transcript. The transcript is written when the recogniser has finished
 * the last answers, a few seconds after the call: until the report is there, it is asked again.
 */
export function useVoiceSession(sessionId: string) {
  return useQuery({
    ...endpointQuery(voiceApi.getSession, { params: { sessionId } }),
    enabled: !!sessionId,
    refetchInterval: (query) =>
      query.state.data && query.state.data.status === 'ended' && !query.state.data.report && query.state.dataUpdateCount < 30 ? 2_000 : false,
  });
}

export function useCompanyChoices() {
  return useQuery(endpointQuery(interviewsApi.listCompanies));
}

/** The company page's most reported topics, which feed the interview plan. */
export function useCompanyTopics(companyName: string | undefined) {
  return useQuery({
    ...endpointQuery(interviewsApi.companyInsights, { params: { companyName: companyName ?? '' } }),
    enabled: !!companyName,
    retry: false,
  });
}

export const requestSignedUrl = (context: InterviewContext) => call(voiceApi.signedUrl, { query: context });

/** A new URL for the same session after its call dropped (409 once it can no longer be resumed). */
export const resumeVoiceSession = (sessionId: string) => call(voiceApi.resumeSession, { params: { sessionId } });

export const endVoiceSession = (sessionId: string, body: EndSession) => call(voiceApi.endSession, { params: { sessionId }, body });

/** On connect: which ElevenLabs conversation this interview is (the service checks it with ElevenLabs). */
export const bindVoiceConversation = (sessionId: string, conversationId: string) =>
  call(voiceApi.bindConversation, { params: { sessionId }, body: { conversation_id: conversationId } });

/** Credits and the past-interviews list change with every start and end. */
export function useRefreshVoice() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: endpointKey(voiceApi.credits) }),
      client.invalidateQueries({ queryKey: endpointKey(voiceApi.listSessions) }),
    ]);
}
