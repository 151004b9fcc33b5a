// First: zod's settings must be in place before any lazy chunk loads zod.
import './lib/zod-jitless';
import './lib/effects-before-next-event';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
