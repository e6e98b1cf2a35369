import 'antd-mobile/es/global';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { trackViewportHeight } from './lib/viewport.ts';

trackViewportHeight();

// antd-mobile's imperative APIs need a React 19 render function. Only lazily loaded pages use
// antd-mobile, so its setup (and the helpers it drags in) stays out of the first chunk.
void import('./app/antd-setup.ts').then((m) => m.setupAntdMobile());

// dayjs: the zh-cn locale (weeks start on Monday) is set by src/lib/dayjs.ts, which every date
// helper imports, so the home page does not pay for dayjs before it shows a date.

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
