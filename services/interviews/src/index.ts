export { interviewsService } from './service';
