import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '#web/lib/api.ts';
import { currentUserQueryKey, useCurrentUser } from '#web/lib/auth.ts';
import { ACCOUNT_SUSPENDED_CODE } from '#web/lib/suspension.ts';
import { reconnectRealtime, startRealtime } from '#web/lib/realtime.ts';
import { PasswordConfirmationHost } from './password-confirmation-host.tsx';
import { ToasterHost } from './toaster-host.tsx';

export function createQueryClient() {
  // Any request refused because a suspension ended the session: read /api/me again, which signs the
  // browser out and keeps the reason (lib/auth.ts), so the guards send the user to /auth with it.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === ACCOUNT_SUSPENDED_CODE) void client.invalidateQueries({ queryKey: currentUserQueryKey });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
  return client;
}

/** Opens the shared event stream once the session is known, and reopens it when the user changes. */
function RealtimeConnection() {
  const { data: user, isPending } = useCurrentUser();
  const userId = isPending ? undefined : (user?.id ?? null);
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined) return;
    if (previous.current === undefined) startRealtime();
    else if (previous.current !== userId) reconnectRealtime();
    previous.current = userId;
  }, [userId]);
  return null;
}

/** `client`: one made beforehand (main.tsx seeds it with a server page's answers); else a new one. */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeConnection />
      {children}
      <ToasterHost />
      <PasswordConfirmationHost />
    </QueryClientProvider>
  );
}
