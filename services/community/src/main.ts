import { runServiceMain } from '@app/service-kit';
import { communityService } from './service';

runServiceMain(communityService);
