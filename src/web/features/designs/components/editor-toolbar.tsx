import { Circle, Download, Image as ImageIcon, MousePointer2, Redo2, Save, Slash, Square, Type, Undo2, ZoomIn, ZoomOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { TOOLS, ZOOM, type Tool } from '#shared/designs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/utils.ts';

const TOOL_META: Record<Tool, { label: string; icon: typeof Type }> = {
  select: { label: 'Select', icon: MousePointer2 },
  text: { label: 'Text', icon: Type },
  rectangle: { label: 'Rectangle', icon: Square },
  circle: { label: 'Circle', icon: Circle },
  line: { label: 'Line', icon: Slash },
  image: { label: 'Image', icon: ImageIcon },
};

interface EditorToolbarProps {
  tool: Tool;
  onTool: (tool: Tool) => void;
  zoom: number;
  onZoom: (direction: 1 | -1) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  saving: boolean;
  onSave: () => void;
  onExport: () => void;
  /** Use as cover and My designs (dialogs with their own triggers). */
  children?: ReactNode;
}

const groupClass = 'flex items-center gap-1 rounded-lg border border-border bg-card p-1';

/** Tools, zoom, undo/redo and the file actions of the design editor. */
export function EditorToolbar({ tool, onTool, zoom, onZoom, canUndo, canRedo, onUndo, onRedo, saving, onSave, onExport, children }: EditorToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Tools" className={groupClass}>
        {TOOLS.map((name) => {
          const { label, icon: Icon } = TOOL_META[name];
          const pressed = tool === name;
          return (
            <Button
              key={name}
              variant="ghost"
              size="icon"
              aria-label={label}
              aria-pressed={pressed}
              title={label}
              onClick={() => onTool(name)}
              className={cn('size-9', pressed && 'bg-primary text-primary-foreground hover:bg-primary-hover hover:text-primary-foreground')}
            >
              <Icon aria-hidden="true" />
            </Button>
          );
        })}
      </div>

      <div role="group" aria-label="Zoom" className={groupClass}>
        <Button variant="ghost" size="icon" className="size-9" aria-label="Zoom out" title="Zoom out" onClick={() => onZoom(-1)} disabled={zoom <= ZOOM.min}>
          <ZoomOut aria-hidden="true" />
        </Button>
        <output aria-live="polite" aria-label="Zoom level" data-testid="zoom-level" className="w-12 text-center text-sm tabular-nums">
          {zoom}%
        </output>
        <Button variant="ghost" size="icon" className="size-9" aria-label="Zoom in" title="Zoom in" onClick={() => onZoom(1)} disabled={zoom >= ZOOM.max}>
          <ZoomIn aria-hidden="true" />
        </Button>
      </div>

      <div role="group" aria-label="History" className={groupClass}>
        <Button variant="ghost" size="icon" className="size-9" aria-label="Undo" title="Undo (Ctrl+Z)" onClick={onUndo} disabled={!canUndo}>
          <Undo2 aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" className="size-9" aria-label="Redo" title="Redo (Ctrl+Shift+Z)" onClick={onRedo} disabled={!canRedo}>
          <Redo2 aria-hidden="true" />
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <Button size="sm" onClick={onSave} disabled={saving}>
          {saving ? (
            <>
              <Spinner className="text-white" /> Saving...
            </>
          ) : (
            <>
              <Save aria-hidden="true" /> Save
            </>
          )}
        </Button>
        <Button variant="outline" size="sm" onClick={onExport}>
          <Download aria-hidden="true" /> Export
        </Button>
        {children}
      </div>
    </div>
  );
}

