import 'antd-mobile/es/global';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom does not implement scrolling; the router scrolls to top on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});
