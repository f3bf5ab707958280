import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

const STYLES = {
  success: { box: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-100', Icon: CircleCheck, icon: 'text-emerald-300' },
  error: { box: 'border-red-500/40 bg-red-500/10 text-red-100', Icon: CircleAlert, icon: 'text-red-300' },
  info: { box: 'border-violet-500/40 bg-violet-500/10 text-violet-100', Icon: Info, icon: 'text-violet-300' },
} as const;

/** An inline message box (role="status", or "alert" for errors). */
export function Notice({
  variant = 'info',
  title,
  children,
  className,
}: {
  variant?: keyof typeof STYLES;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  const { box, Icon, icon } = STYLES[variant];
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-lg border p-4 text-sm', box, className)}>
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', icon)} />
      <div className="grid min-w-0 gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed break-words">{children}</div> : null}
      </div>
    </div>
  );
}
