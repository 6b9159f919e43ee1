import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appContainer } from './app/take-over';

createRoot(appContainer()).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
