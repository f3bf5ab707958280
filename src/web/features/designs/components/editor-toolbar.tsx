import { Circle, Download, Image as ImageIcon, MousePointer2, Redo2, Save, Slash, Square, Type, Undo2, ZoomIn, ZoomOut } from 'lucide-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOOLS, ZOOM, type Tool } from '#shared/designs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatPercent } from '#web/lib/format.ts';
import { cn } from '#web/lib/utils.ts';

const toolMeta = (t: TFunction<'designs'>): Record<Tool, { label: string; icon: typeof Type }> => ({
  select: { label: t('toolbar.select'), icon: MousePointer2 },
  text: { label: t('types.text'), icon: Type },
  rectangle: { label: t('types.rectangle'), icon: Square },
  circle: { label: t('types.circle'), icon: Circle },
  line: { label: t('types.line'), icon: Slash },
  image: { label: t('types.image'), icon: ImageIcon },
});

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
  const { t } = useTranslation('designs');
  const tools = toolMeta(t);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label={t('toolbar.tools')} className={groupClass}>
        {TOOLS.map((name) => {
          const { label, icon: Icon } = tools[name];
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

      <div role="group" aria-label={t('toolbar.zoom')} className={groupClass}>
        <Button variant="ghost" size="icon" className="size-9" aria-label={t('toolbar.zoomOut')} title={t('toolbar.zoomOut')} onClick={() => onZoom(-1)} disabled={zoom <= ZOOM.min}>
          <ZoomOut aria-hidden="true" />
        </Button>
        <output aria-live="polite" aria-label={t('toolbar.zoomLevel')} data-testid="zoom-level" className="min-w-12 px-0.5 text-center text-sm whitespace-nowrap tabular-nums">
          {formatPercent(zoom)}
        </output>
        <Button variant="ghost" size="icon" className="size-9" aria-label={t('toolbar.zoomIn')} title={t('toolbar.zoomIn')} onClick={() => onZoom(1)} disabled={zoom >= ZOOM.max}>
          <ZoomIn aria-hidden="true" />
        </Button>
      </div>

      <div role="group" aria-label={t('toolbar.history')} className={groupClass}>
        <Button variant="ghost" size="icon" className="size-9" aria-label={t('toolbar.undo')} title={t('toolbar.undoShortcut')} onClick={onUndo} disabled={!canUndo}>
          <Undo2 aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" className="size-9" aria-label={t('toolbar.redo')} title={t('toolbar.redoShortcut')} onClick={onRedo} disabled={!canRedo}>
          <Redo2 aria-hidden="true" />
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <Button size="sm" onClick={onSave} disabled={saving}>
          {saving ? (
            <>
              <Spinner className="text-white" /> {t('toolbar.saving')}
            </>
          ) : (
            <>
              <Save aria-hidden="true" /> {t('toolbar.save')}
            </>
          )}
        </Button>
        <Button variant="outline" size="sm" onClick={onExport}>
          <Download aria-hidden="true" /> {t('toolbar.export')}
        </Button>
        {children}
      </div>
    </div>
  );
}

