import { useState } from 'react';
import { clamp } from '#shared/designs.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/** A labelled number input kept within `range`; typing keeps a draft until the value is valid or the field loses focus. */
export function NumberField({
  id,
  label,
  value,
  range,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  range: { min: number; max: number; step: number };
  onChange: (value: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const valid = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));
  const hintId = `${id}-range`;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={range.step}
        value={draft ?? String(value)}
        aria-describedby={hintId}
        className="h-9"
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const number = Number(text);
          if (valid(text) && number >= range.min && number <= range.max) onChange(number);
        }}
        onBlur={() => {
          if (draft !== null && valid(draft)) onChange(clamp(Number(draft), range.min, range.max));
          setDraft(null);
        }}
      />
      <span id={hintId} className="text-xs text-muted-foreground">
        {range.min}–{range.max}
      </span>
    </div>
  );
}
