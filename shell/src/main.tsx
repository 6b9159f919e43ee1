import { createRoot } from 'react-dom/client';
import { BrowserRouter, Routes, Route } from 'react-router-dom';
import { lazy, Suspense } from 'react';
import { registerRemotes, loadRemote } from '@module-federation/runtime';

const Marketing = lazy(async () => {
  const manifest = await (await fetch('/mf-remotes.json')).json();
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry: entry as string })));
  const mod = await loadRemote<{ default: React.ComponentType }>('marketing/routes');
  return { default: mod!.default };
});

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Suspense fallback={<p>Loading</p>}>
      <Routes><Route path="*" element={<Marketing />} /></Routes>
    </Suspense>
  </BrowserRouter>,
);
