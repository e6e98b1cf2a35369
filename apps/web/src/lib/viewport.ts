/**
 * `100vh` jumps in the messaging app's in-app browser as its toolbars show and hide, and
 * `100dvh` is missing on older WebViews. We publish the real inner height as `--app-height`.
 */
export function trackViewportHeight(): () => void {
  const set = () => document.documentElement.style.setProperty('--app-height', `${window.innerHeight}px`);
  set();
  window.addEventListener('resize', set);
  window.addEventListener('orientationchange', set);
  return () => {
    window.removeEventListener('resize', set);
    window.removeEventListener('orientationchange', set);
  };
}
