import { runServiceMain } from '@app/service-kit';
import { interviewsService } from './service';

runServiceMain(interviewsService);
