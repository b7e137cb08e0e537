import { runServiceMain } from '@app/service-kit';
import { voiceService } from './service';

runServiceMain(voiceService);
