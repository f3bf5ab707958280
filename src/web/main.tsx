import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './lib/autofocus.ts';
import './lib/effect-timing.ts';
import { i18nReady } from './lib/i18n.ts';
import { AppProvider } from './app/provider.tsx';
import { router } from './router.tsx';
import './styles.css';

await i18nReady;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
