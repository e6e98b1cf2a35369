import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from '../lib/router.ts';
import { useCorporateVipReload } from '../features/corporate/hooks/use-corporate-vip-reload.ts';
import { captureAttribution } from '../lib/source-id.ts';
import { shareOnRoute } from '../features/share/boot.ts';
import { AudioDock } from '../features/player/audio/audio-dock.tsx';
import styles from './root-layout.module.css';

/** lib/toast.ts's ROUTE_CHANGE_EVENT, not imported: the toasts stay out of the first load. */
const ROUTE_CHANGE_EVENT = 'jf:routechange';

/** Runs on every navigation: scroll to top (spec §2), attribution capture, WeChat share config, corporate VIP reload; docks the audio player. */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname, location.search]);

  // A toast of the page left behind closes (lib/toast.ts listens; the shell does not load toasts).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else window.dispatchEvent(new Event(ROUTE_CHANGE_EVENT));
  }, [location.pathname, location.search]);

  useEffect(() => {
    captureAttribution(new URLSearchParams(location.search));
  }, [location.search]);

  // After attribution capture, so the share link carries this visit's tid. No-op outside WeChat.
  useEffect(() => {
    shareOnRoute();
  }, [location.pathname, location.search]);

  useCorporateVipReload();

  return (
    <>
      {navigation.state !== 'idle' && <div className={styles.progress} role="progressbar" aria-label="页面加载中" />}
      <Outlet />
      {/* The audio player's mini bar lives outside the routed pages, so audio plays across them. */}
      <AudioDock />
    </>
  );
}
