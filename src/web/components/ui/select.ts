/** A native select styled like the shared Input (ui/input.tsx): one look for every select of the app. */
export const selectClass =
  'h-10 w-full cursor-pointer rounded-lg border border-input bg-muted/60 px-3 text-sm text-foreground shadow-xs transition-colors focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-400';
