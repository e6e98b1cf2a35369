import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <Providers client={createQueryClient()}>
      <App />
    </Providers>
  </StrictMode>,
);
