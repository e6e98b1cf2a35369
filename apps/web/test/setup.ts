import 'antd-mobile/es/global';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
// Loaded up front: the API client imports the popup on the first error, and a popup queued by
// one test must be dropped before the next starts (resetErrorPopup below), not land in it.
import { resetErrorPopup } from '../src/lib/error-popup.ts';

// jsdom does not implement scrolling; the router scrolls to top on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  resetErrorPopup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});
