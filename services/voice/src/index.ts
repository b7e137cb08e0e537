export { createVoiceService, voiceService } from './service';
export type { VoiceConfig } from './config';
export type { Clock } from './clock';
