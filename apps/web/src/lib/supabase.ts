import { AuthClient } from '@supabase/auth-js';

/**
 * The auth client: supabase-js's own auth module (@supabase/auth-js), without the database,
 * storage and realtime clients the web does not use (about 30 KB gzip of the first page).
 * By default it talks to this origin's /auth/v1 (the gateway's identity service);
 * VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY point it at a real Supabase project instead.
 */
export const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || window.location.origin;
const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY || 'local-identity';

export const auth = new AuthClient({
  url: `${supabaseUrl}/auth/v1`,
  headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
});
