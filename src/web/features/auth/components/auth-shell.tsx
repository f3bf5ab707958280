import type { ReactNode } from 'react';

/** The centred column of the auth screens, with a soft violet glow behind it. */
export function AuthShell({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="relative isolate -mt-16 overflow-hidden px-4 pt-28 pb-12 sm:pt-32 sm:pb-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-8 -z-10 mx-auto h-80 max-w-2xl rounded-full bg-violet-700/25 blur-3xl"
      />
      <div className="mx-auto w-full max-w-lg">
        <div className="mb-8 text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          {description ? <p className="mt-3 text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </div>
    </div>
  );
}
