import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** A form's submit button: while `pending` it is disabled and shows a spinner and `pendingLabel` ("Logging In..."). */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, 'type'> & { pending: boolean; pendingLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? (
        <>
          <Spinner className="text-primary-foreground" /> {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
