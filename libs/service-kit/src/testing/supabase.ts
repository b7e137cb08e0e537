import { createClient, SupabaseClient } from '@supabase/supabase-js';

/** supabase-js insists on a WebSocket class for realtime, which Node 20 lacks; auth never opens one. */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by these tests');
  }
}

/** The real @supabase/supabase-js client against `url` (which serves /auth/v1), without storage. */
export function supabaseClient(url: string): SupabaseClient {
  return createClient(url, 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
  });
}
