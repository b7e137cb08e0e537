/**
 * The sidebar's Soon entries, opened directly by their address: each route says which feature is
 * coming. (Features do not import each other, so the shell's nav is not read from here.)
 */
export const soonFeatures = [
  { path: 'implementathon', name: 'Implement-a-thon' },
  { path: 'sre', name: 'Operating Systems' },
  { path: 'interviewers', name: 'Interviewers' },
] as const;
