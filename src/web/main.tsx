import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './lib/autofocus.ts';
import './lib/effect-timing.ts';
import { i18nReady } from './lib/i18n.ts';
import { AppProvider, createQueryClient } from './app/provider.tsx';
import { router } from './router.tsx';
import { serverPageQueries, takeOver } from './lib/takeover.ts';
import './styles.css';

await i18nReady;

// A page the server wrote (decision 037): the app renders apart from it and replaces it when ready.
const serverPage = document.querySelector<HTMLElement>('#root[data-server-page]');
const queryClient = createQueryClient();
for (const { key, data } of serverPageQueries()) queryClient.setQueryData(key, data);
// Drawn off the document until it replaces the server's page: nothing is on the page twice meanwhile.
const container = serverPage ? document.createElement('div') : document.getElementById('root')!;

createRoot(container).render(
  <StrictMode>
    <AppProvider client={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

if (serverPage) takeOver({ serverPage, container, router, queryClient });
