import { rageClick, sanitiseEvent } from './product-analytics-privacy';
import { loadAuth } from './supabase';

/**
 * Product analytics (posthog), off unless the build sets both VITE_POSTHOG_KEY and
 * VITE_POSTHOG_HOST. Off, posthog-js is never imported: its chunk is not fetched and nothing
 * leaves the app. On, it sends clicks, page views and rage clicks to that host only (no remote
 * config, flags, surveys or recordings, which would load more code from it), every event
 * sanitised first, the user known by their id alone. The gateway's CSP must allow the host
 * (CSP_CONNECT_SRC).
 */
export async function startProductAnalytics(): Promise<void> {
  const key = import.meta.env.VITE_POSTHOG_KEY;
  const host = import.meta.env.VITE_POSTHOG_HOST;
  if (!key || !host) return;
  const { posthog } = await import('posthog-js');
  posthog.init(key, {
    api_host: host,
    person_profiles: 'identified_only',
    persistence: 'localStorage',
    capture_pageview: 'history_change',
    // Clicks and form submits only: no change events, and never an input's value.
    autocapture: { dom_event_allowlist: ['click', 'submit'], capture_value_css_selector_allowlist: [], capture_copied_text: false },
    rageclick: { ...rageClick, content_ignorelist: true },
    mask_personal_data_properties: true,
    disable_session_recording: true,
    session_recording: { maskAllInputs: true },
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    disable_external_dependency_loading: true,
    advanced_disable_flags: true,
    capture_dead_clicks: false,
    capture_heatmaps: false,
    capture_exceptions: false,
    capture_performance: false,
    before_send: (event) => (event ? sanitiseEvent(event) : null),
  });
  const auth = await loadAuth();
  const { data } = await auth.getSession();
  if (data.session) posthog.identify(data.session.user.id);
  auth.onAuthStateChange((event, session) => {
    if (session && event === 'SIGNED_IN') posthog.identify(session.user.id);
    if (event === 'SIGNED_OUT') posthog.reset();
  });
}
