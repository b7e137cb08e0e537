import { runServiceMain } from '@app/service-kit';
import { identityService } from './service';

runServiceMain(identityService);
