import { CircleAlert } from 'lucide-react';

/** The red card that repeats a generation error's toast on the page (SPEC §2, §8). */
export function ErrorCard({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-red-500/50 bg-red-950/40 p-4 text-red-100">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-400" />
      <div className="min-w-0">
        <p className="font-semibold text-red-200">{title}</p>
        <p className="mt-1 text-sm break-words">{message}</p>
      </div>
    </div>
  );
}
