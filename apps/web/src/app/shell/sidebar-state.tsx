import * as React from 'react';

const SIDEBAR_COOKIE = 'sidebar:state';
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const MOBILE_QUERY = '(max-width: 767px)';

interface SidebarState {
  /** Desktop: expanded (true) or collapsed to icons. */
  expanded: boolean;
  /** Under 768 px: the drawer is open. */
  mobileOpen: boolean;
  isMobile: boolean;
  toggle(): void;
  setMobileOpen(open: boolean): void;
}

const SidebarContext = React.createContext<SidebarState | null>(null);

const readCookie = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`))
    ?.split('=')[1];

function useIsMobile() {
  const [mobile, setMobile] = React.useState(() => window.matchMedia(MOBILE_QUERY).matches);
  React.useEffect(() => {
    const mql = window.matchMedia(MOBILE_QUERY);
    const onChange = () => setMobile(mql.matches);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, []);
  return mobile;
}

/** Expanded or collapsed, remembered for 7 days in the `sidebar:state` cookie; Ctrl/Cmd+B toggles. */
export function SidebarProvider({ children }: { children: React.ReactNode }) {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = React.useState(() => readCookie() !== 'false');
  const [mobileOpen, setMobileOpen] = React.useState(false);

  const toggle = React.useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setMobileOpen((open) => !open);
      return;
    }
    setExpanded((value) => {
      const next = !value;
      document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
      return next;
    });
  }, []);

  React.useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  const value = React.useMemo(() => ({ expanded, mobileOpen, isMobile, toggle, setMobileOpen }), [expanded, mobileOpen, isMobile, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const ctx = React.useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar outside SidebarProvider');
  return ctx;
}
