import { zodResolver } from '@hookform/resolvers/zod';
import { confirmationCodeSchema, credentialsSchema } from '@app/contracts/auth';

// The contract's rules for the login page's forms, in a chunk of their own (see lazyResolver).
export const credentialsResolver = zodResolver(credentialsSchema);
export const confirmationCodeResolver = zodResolver(confirmationCodeSchema);
