import { Label } from '#web/components/ui/label.tsx';
import { normalizeColor } from '../utils/elements.ts';

/** A native colour picker with its label and the hex value beside it (saved as uppercase #RRGGBB). */
export function ColorField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex h-9 items-center gap-2 rounded-lg border border-input bg-muted/60 px-1.5">
        <input
          id={id}
          type="color"
          value={value.toLowerCase()}
          onChange={(event) => onChange(normalizeColor(event.target.value))}
          className="h-6 w-9 cursor-pointer rounded border-0 bg-transparent p-0"
        />
        <span className="font-mono text-xs text-muted-foreground" aria-hidden="true">
          {value.toUpperCase()}
        </span>
      </div>
    </div>
  );
}
