import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages are lazy chunks and antd renders slowly in jsdom; the machine is shared with other test runs.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these; antd's responsive parts (Sider breakpoints, Grid, Table) call them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => {};
// jsdom logs "Not implemented" for pseudo-element styles (antd measures scrollbars with them).
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/admin/');
});
