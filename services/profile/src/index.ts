export { profileService } from './service';
