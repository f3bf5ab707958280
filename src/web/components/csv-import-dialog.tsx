import { Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * The frame of a CSV import (links, subscribers): an outlined "Import…" button opening a dialog that
 * cannot be closed while the file is being sent, and forgets its file and result once closed.
 */
export function CsvImportDialog({
  open,
  onOpenChange,
  pending,
  onClosed,
  triggerLabel,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** Puts the dialog back as it was before a file was chosen. */
  onClosed: () => void;
  triggerLabel: string;
  title: string;
  description: string;
  /** The content's width, e.g. 'max-w-xl'. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        onOpenChange(next);
        if (!next) onClosed();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden="true" /> {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent className={cn('max-h-[92dvh] overflow-y-auto', className)}>
        <div className="grid gap-1.5 pr-8">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </div>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The CSV file input of an import form, with its label, hint and error. */
export function CsvFileField({
  id,
  label,
  hint,
  error,
  disabled,
  onFile,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  disabled: boolean;
  onFile: (file: File | null) => void;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        type="file"
        accept=".csv,text/csv"
        disabled={disabled}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        {...fieldAria(id, error)}
        className="cursor-pointer file:mr-3 file:cursor-pointer file:border-0 file:bg-transparent file:font-medium file:text-foreground"
      />
    </FormField>
  );
}
