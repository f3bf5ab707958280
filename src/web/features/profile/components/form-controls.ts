/** A textarea styled like the shared Input. */
export const textareaClass =
  'w-full min-h-24 resize-y rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-400';

/** A native select styled like the shared Input. */
export const selectClass =
  'h-10 w-full cursor-pointer rounded-lg border border-input bg-muted/60 px-3 text-sm text-foreground shadow-xs transition-colors focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 disabled:cursor-not-allowed disabled:opacity-60';

export const checkboxClass = 'size-4 shrink-0 cursor-pointer accent-violet-600';

/** Field errors of a zod result, by dotted path ("socialLinks.website"), first message per path. */
export function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
