import { runMain, startService } from '@app/service-kit';
import { voiceConfigShape } from './config';
import { voiceService } from './service';

// Stopping drains the calls first (VOICE_DRAIN_SECONDS, checked again at start): the forced exit
// comes after it, with the time the rest of the shutdown takes.
const drain = voiceConfigShape.VOICE_DRAIN_SECONDS.safeParse(process.env.VOICE_DRAIN_SECONDS);
runMain(voiceService.name, () => startService(voiceService), ((drain.success ? drain.data : 0) + 20) * 1000);
