/**
 * The one form of an e-mail address identity compares, stores, and keys its limits by. Sign-up
 * accepts ASCII addresses only (the contract's emailSchema), so this agrees with Postgres lower()
 * on every stored address; a non-ASCII spelling (`vİctim@…` lower-cases to `vi̇ctim@…`) is simply
 * another address, which finds no account and counts against its own limits.
 */
export const normalizeEmail = (email: string): string => email.normalize('NFC').trim().toLowerCase();
