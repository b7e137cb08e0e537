import type { ConfirmationRow, UserRow } from './accounts.repository';

export type PublicUser = ReturnType<typeof toPublicUser>;

/** The user as GoTrue shows it; a pending e-mail change shows as `new_email` (the e-mail stays until it is confirmed). */
export function toPublicUser(user: UserRow, pending?: ConfirmationRow) {
  const change = pending?.kind === 'email_change' ? pending : undefined;
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: user.email_confirmed_at?.toISOString() ?? null,
    confirmation_sent_at: pending?.kind === 'signup' ? pending.sent_at.toISOString() : undefined,
    new_email: change?.email,
    email_change_sent_at: change?.sent_at.toISOString(),
    phone: '',
    confirmed_at: user.email_confirmed_at?.toISOString() ?? null,
    last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    app_metadata: user.app_metadata,
    user_metadata: { full_name: null, avatar_url: null, ...user.user_metadata, email: user.email },
    identities: [],
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    is_anonymous: false,
  };
}
