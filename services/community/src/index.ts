export { communityService } from './service';
