/**
 * The handle of a route reachable signed out (inside the shell, with Log in and Sign up in its top
 * bar): the footer's Terms, Privacy and Contact, which a visitor reads before signing up and a
 * locked-out user writes to. first-paint.js keeps the same paths off the pre-rendered login page.
 */
export const publicRoute = { public: true } as const;
