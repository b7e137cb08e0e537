export { practiceService } from './service';
