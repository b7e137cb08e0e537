import { runServiceMain } from '@app/service-kit';
import { profileService } from './service';

runServiceMain(profileService);
