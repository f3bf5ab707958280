import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CopyButton, type CopyTexts } from './copy-button.tsx';
import { Button } from './ui/button.tsx';
import { Label } from './ui/label.tsx';

export interface OneTimeSecretTexts {
  title: string;
  /** The warning that it is shown this once. */
  once: string;
  label: string;
  copy: CopyTexts;
  done: string;
}

/**
 * A secret the server answers once (an API key, a webhook signing secret), with a copy button and
 * a warning; it takes the focus when it appears, and closing it forgets the secret.
 */
export function OneTimeSecretPanel({ secret, texts, usage, onDone }: { secret: string; texts: OneTimeSecretTexts; usage: ReactNode; onDone: () => void }) {
  const inputId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);

  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="region"
      aria-labelledby={`${inputId}-title`}
      className="grid min-w-0 gap-4 rounded-lg border border-emerald-500/40 bg-emerald-500/10 p-4 outline-none"
    >
      <div className="min-w-0">
        <h3 id={`${inputId}-title`} className="font-semibold wrap-anywhere text-emerald-100">
          {texts.title}
        </h3>
        <p className="mt-1 flex items-start gap-2 text-sm text-emerald-100">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
          {texts.once}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{texts.label}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          {/* A textarea, not an input: inputs clip the underscores of a monospace secret, and it wraps on a phone. */}
          <textarea
            id={inputId}
            readOnly
            rows={1}
            spellCheck={false}
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
            className="field-sizing-content min-h-10 w-full min-w-0 resize-none rounded-lg border border-input bg-muted/60 px-3 py-2 font-mono text-sm leading-6 break-all text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60"
          />
          <CopyButton text={secret} texts={texts.copy} />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{usage}</p>
      <div>
        <Button onClick={onDone}>{texts.done}</Button>
      </div>
    </div>
  );
}
