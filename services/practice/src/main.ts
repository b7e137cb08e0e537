import { runServiceMain } from '@app/service-kit';
import { practiceService } from './service';

runServiceMain(practiceService);
