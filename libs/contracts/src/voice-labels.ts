/** AI mock interviews' constants, messages and choices, apart from their schemas (voice.ts): the page shows them with no zod loaded. */

/** Spec section 9, AI mock interview. */
export const voiceConstants = {
  creditsPerSession: 5,
  /** The longest interview, and the length when none is chosen: a call's limit is its chosen length (`minutes`). */
  sessionLimitMinutes: 20,
  warningLastSeconds: 60,
  /** A call that connected but ended sooner than this with no answer never took place: it is refunded (docs/voice-credits.md). */
  refundUnderSeconds: 30,
  defaultInputFormat: 'pcm_16000',
  /** Spec section 9: a quarter-second input buffer. */
  inputChunkDurationMs: 250,
  /**
   * The page's "I'm done" button, sent as an ElevenLabs contextual_update with this text: the local
   * interviewer takes the turn at once instead of waiting out its pause, and an ElevenLabs agent reads it.
   */
  answerDoneText: 'The candidate has finished their answer and is waiting for you.',
  /** The page's reconnect backoff after a dropped call (spec): 1 s, 2 s, 5 s, then every 10 s, until the resume window ends. */
  reconnectDelaysMs: [1_000, 2_000, 5_000, 10_000],
  /** How long a dropped call can be resumed (the service's VOICE_RESUME_WINDOW_MS default). */
  resumeWindowSeconds: 120,
} as const;

/** Every label and message of the AI mock interview page (spec sections 4 and 8). */
export const voiceMessages = {
  insufficientCredits: 'Not enough credits: an interview costs 5 credits',
  startFailed: 'Failed to start conversation with AI interviewer',
  endFailed: 'Failed to end conversation properly',
  microphoneDenied: 'Microphone access denied. Please allow microphone access to continue.',
  started: 'Conversation Started',
  confirmEnd: 'Are you sure you want to end the interview? This action cannot be undone.',
  continueInterview: 'Continue Interview',
  answerDone: "I'm done",
  endInterview: 'End Interview',
  timesUp: "Time's up!",
  noSession: 'Could not find this interview',
  notTranscribed: '(answer not transcribed: no offline speech recogniser is installed)',
  /** A spoken answer in which the recogniser found no word. */
  noWordsRecognised: '(no words recognised)',
  /** The report of a call in which no word of the candidate's was heard: nothing to score, and refunded. */
  nothingHeard: 'Nothing was heard: no word of your answers was recognised, so nothing is scored and the interview is not charged.',
  deletedAccount: 'This account has been deleted',
  providerUnavailable: 'The AI interviewer is unavailable right now, please try again later',
  /** The call dropped: the page reconnects to the same session (spec backoff) while it can. */
  reconnecting: 'Reconnecting…',
  resumeInterview: 'Resume interview',
  notResumable: 'This interview can no longer be resumed: it ended, or its call dropped more than 2 minutes ago',
  elevenLabsNotResumable: 'An interview with the ElevenLabs interviewer cannot be resumed',
  stillConnected: 'This interview is still connected: try again in a moment',
  /** The conversation the page names is not one ElevenLabs holds for this app's interviewer, this user and this interview's start. */
  conversationNotFound: 'ElevenLabs has no such conversation',
  conversationOfAnotherAgent: 'This conversation was not held with this app’s interviewer',
  conversationOfAnotherUser: 'This conversation belongs to another user',
  conversationOutsideInterview: 'This conversation did not start while this interview was open',
  conversationTaken: 'This conversation is already recorded for another interview',
  interviewHasAnotherConversation: 'This interview is already recorded with another conversation',
  notAnElevenLabsInterview: 'Only an interview with the ElevenLabs interviewer has an ElevenLabs conversation',
  interviewEnded: 'This interview has ended',
  webhookSignature: 'Missing or wrong ElevenLabs-Signature',
  webhookReplayed: 'This delivery was already received',
} as const;

/** Lengths the candidate can pick: the call ends at the one picked. */
export const interviewLengths = [10, 20] as const;

export const voiceSessionStatuses = ['pending', 'connected', 'ended'] as const;
export const voiceEndReasons = ['user', 'agent', 'time_limit', 'never_connected', 'error'] as const;
