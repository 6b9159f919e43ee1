import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appContainer } from './app/take-over';

// A transition renders in slices that give the main thread back between them: the page painted ahead stays
// responsive while the live one is built out of sight, instead of one long task that holds back a tap.
startTransition(() => {
  createRoot(appContainer()).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
