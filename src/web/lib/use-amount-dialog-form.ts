import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { amountFormSchema, amountText, type AmountForm } from '#shared/money-form.ts';
import type { Currency } from '#shared/money.ts';
import type { CodedMessage } from '#shared/messages.ts';
import { localizeCoded } from './server-message.ts';
import { amountInputProps } from '#shared/money.ts';

/**
 * A dialog asking for one amount of `currency` (Refund, Request Payout): it opens with `startCents` typed in, checks
 * what is typed with the feature's rule, shows the rule's problem in the interface language, and
 * cannot be closed while `pending`.
 */
export function useAmountDialogForm({
  startCents,
  currency,
  problemOf,
  namespace,
  pending,
}: {
  startCents: number;
  currency: Currency;
  problemOf: (amount: string) => CodedMessage | undefined;
  namespace: string;
  pending: boolean;
}) {
  const [open, setOpen] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<AmountForm, unknown, { amountCents: number }>({
    resolver: zodResolver(amountFormSchema(problemOf, currency)),
    reValidateMode: 'onSubmit',
    defaultValues: { amount: amountText(startCents, currency) },
  });
  // The amount's problem by its code, for the amount as typed (the form's message says the same in English).
  const amount = useWatch({ control, name: 'amount' });
  const problem = errors.amount ? problemOf(amount) : undefined;

  return {
    open,
    close: () => setOpen(false),
    openWith: (next: boolean) => {
      if (pending) return;
      setOpen(next);
      if (next) reset({ amount: amountText(startCents, currency) });
    },
    amountField: register('amount'),
    /** The phone keyboard for the field: no decimal point for yen. */
    inputMode: amountInputProps(currency).inputMode,
    handleSubmit,
    amountError: problem ? localizeCoded(problem, namespace) : errors.amount?.message,
    serverError: errors.root?.server?.message,
    /** Shows the server's answer (already in the interface language) under the field. */
    failWith: (message: string) => setError('root.server', { message }),
  };
}
