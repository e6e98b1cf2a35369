import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { trackViewportHeight } from './lib/viewport.ts';
import { loadTracker } from './lib/tracker/index.ts';
import { captureAppToken } from './lib/session.ts';

// A native app's `apptoken` leaves the address bar before the router reads it (decision 017).
captureAppToken();

trackViewportHeight();

// Mobile Safari applies `:active` styles only when the page listens for touches (what
// antd-mobile's global module does; its CSS variables load with antd, in app/antd-setup.ts).
document.addEventListener('touchstart', () => {}, true);

// antd-mobile's imperative APIs need a React 19 render function: the router sets it up along
// with every page except home (app/router.tsx), so home never downloads it.

// dayjs: the zh-cn locale (weeks start on Monday) is set by src/lib/dayjs.ts, which every date
// helper imports, so the home page does not pay for dayjs before it shows a date.

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Visit and click tracking (lib/tracker) loads after the page has painted, when idle.
loadTracker();
