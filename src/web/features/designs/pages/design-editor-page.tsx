import { CircleAlert, Palette } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  DESIGN_MAX_BYTES,
  DESIGN_MESSAGES,
  DESIGN_TITLE_MAX,
  designInputSchema,
  designSize,
  displayTitle,
  fitZoom,
  stepZoom,
  ZOOM,
  type DesignElement,
  type Tool,
} from '#shared/designs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { localizeCoded, localizeError, localizeMessage, MessageError } from '#web/lib/server-message.ts';
import { coded } from '#shared/messages.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDesign } from '../api/get-design.ts';
import { useSaveDesign } from '../api/save-design.ts';
import { DesignCanvas, type DesignCanvasHandle, type ElementPatch } from '../components/design-canvas.tsx';
import { EditorToolbar } from '../components/editor-toolbar.tsx';
import { MyDesignsDialog } from '../components/my-designs-dialog.tsx';
import { PropertiesPanel } from '../components/properties-panel.tsx';
import { UseAsCoverDialog } from '../components/use-as-cover-dialog.tsx';
import { dataUrlToBlob, downloadDataUrl, imageSize, readAsDataUrl, safeFileName } from '../utils/download.ts';
import { createElement, createImageElement, IMAGE_MAX_BYTES, IMAGE_TYPES, reorder, type DrawTool } from '../utils/elements.ts';
import { useDesignHistory } from '../utils/use-design-history.ts';

const snapshot = (title: string, elements: DesignElement[]) => JSON.stringify({ title, elements });

/** True when a key press belongs to a field (or a dialog), not to the canvas shortcuts. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return Boolean(target.closest('[role="dialog"], [role="alertdialog"]'));
}

/** Screens narrower than Tailwind's md, where the dashboard's sidebar becomes a drawer. */
const PHONE_QUERY = '(max-width: 767px)';

/** /dashboard/creator-tools/platform: an 800 × 600 canvas with shapes, text and images, saved to the server. */
export function DesignEditorPage() {
  const { t } = useTranslation('designs');
  // A new design's title, in the language of the moment it was started.
  const defaultTitle = t('editor.untitled');
  const emptySnapshot = snapshot(defaultTitle, []);
  const reason = (error: unknown) => localizeError(error, 'designs', t('common.unexpected'));
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlId = searchParams.get('design');
  const [designId, setDesignId] = useState<string | null>(null);
  const [title, setTitle] = useState(defaultTitle);
  const [savedSnapshot, setSavedSnapshot] = useState(emptySnapshot);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tool, setTool] = useState<Tool>('select');
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  const { elements, canUndo, canRedo, commit, undo, redo, reset } = useDesignHistory();
  const canvasRef = useRef<DesignCanvasHandle>(null);
  const canvasBoxRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const save = useSaveDesign();
  usePageTitle(title.trim() ? `${title.trim()} · ${t('editor.title')}` : t('editor.title'));

  // On a phone (no sidebar) the canvas opens zoomed out to the screen's width; from a tablet's width
  // up it opens at the spec's 100 %, scrolling in its box. The zoom buttons go on from there.
  useLayoutEffect(() => {
    const box = canvasBoxRef.current;
    if (!box || !window.matchMedia(PHONE_QUERY).matches) return;
    const style = getComputedStyle(box);
    setZoom(fitZoom(box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)));
  }, []);

  // Open the design named in the URL (?design=<id>) unless it is the one being edited.
  const toLoad = urlId && urlId !== designId ? urlId : null;
  const loading = useDesign(toLoad);
  // (State adjusted while rendering, as React recommends for "reset state when data arrives".)
  const arrived = loading.data?.design;
  if (toLoad && arrived && arrived.id === toLoad) {
    setDesignId(arrived.id);
    setTitle(arrived.title);
    setSavedSnapshot(snapshot(arrived.title, arrived.elements));
    setSelectedId(null);
    setTool('select');
    reset(arrived.elements);
  }

  const dirty = snapshot(title, elements) !== savedSnapshot;
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const selected = elements.find((element) => element.id === selectedId);

  const updateSelected = useCallback(
    (patch: ElementPatch, key: string) => {
      if (!selectedId) return;
      commit(
        (current) => current.map((element) => (element.id === selectedId ? ({ ...element, ...patch } as DesignElement) : element)),
        `${selectedId}:${key}`,
      );
    },
    [commit, selectedId],
  );

  const updateElement = useCallback(
    (elementId: string, patch: ElementPatch) =>
      commit((current) => current.map((element) => (element.id === elementId ? ({ ...element, ...patch } as DesignElement) : element))),
    [commit],
  );

  const addElement = useCallback(
    (element: DesignElement) => {
      commit((current) => [...current, element]);
      setSelectedId(element.id);
      setTool('select');
    },
    [commit],
  );

  const deleteSelected = useCallback(() => {
    if (!selectedId) return;
    commit((current) => current.filter((element) => element.id !== selectedId));
    setSelectedId(null);
  }, [commit, selectedId]);

  const addDrawn = useCallback((drawTool: DrawTool, point: { x: number; y: number }) => addElement(createElement(drawTool, point)), [addElement]);

  // Keyboard shortcuts, only when focus is not in a field or a dialog.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (mod && key === 'y') {
        event.preventDefault();
        redo();
      } else if (!mod && (event.key === 'Delete' || event.key === 'Backspace') && selectedId) {
        event.preventDefault();
        deleteSelected();
      } else if (event.key === 'Escape' && !mod) {
        setSelectedId(null);
        setTool('select');
      } else if (!mod && selectedId && event.key.startsWith('Arrow')) {
        event.preventDefault();
        const step = event.shiftKey ? 10 : 1;
        const dx = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0;
        const dy = event.key === 'ArrowUp' ? -step : event.key === 'ArrowDown' ? step : 0;
        commit(
          (current) => current.map((element) => (element.id === selectedId ? { ...element, x: element.x + dx, y: element.y + dy } : element)),
          `${selectedId}:nudge`,
        );
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [commit, deleteSelected, redo, selectedId, undo]);

  // The file picker of the image tool: a cancelled pick returns to the select tool.
  useEffect(() => {
    const input = fileInputRef.current;
    if (!input) return;
    const onCancel = () => setTool('select');
    input.addEventListener('cancel', onCancel);
    return () => input.removeEventListener('cancel', onCancel);
  }, []);

  const chooseTool = (next: Tool) => {
    setTool(next);
    if (next !== 'select') setSelectedId(null);
    if (next === 'image') fileInputRef.current?.click();
  };

  const addImage = async (file: File | undefined) => {
    setTool('select');
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      showToast({ title: t('editor.invalidFile'), description: t('editor.imageType'), variant: 'error' });
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      showToast({ title: t('editor.imageTooLargeTitle'), description: t('editor.imageTooLarge', { name: file.name }), variant: 'error' });
      return;
    }
    try {
      const src = await readAsDataUrl(file);
      addElement(createImageElement(src, await imageSize(src)));
    } catch (error) {
      showToast({ title: t('editor.invalidFile'), description: localizeError(error, 'designs', t('errors.notAnImage')), variant: 'error' });
    }
  };

  const fileTitle = title.trim() || defaultTitle;
  const fileName = safeFileName(displayTitle(fileTitle));

  const handleSave = () => {
    const parsed = designInputSchema.safeParse({ title, elements });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      showToast({ title: t('editor.cannotSave'), description: issue ? localizeMessage(issue, 'designs', DESIGN_MESSAGES) : t('editor.invalid'), variant: 'error' });
      return;
    }
    // The server refuses it too (413); refused here, the images need not travel first.
    if (designSize(parsed.data) > DESIGN_MAX_BYTES) {
      showToast({ title: t('editor.cannotSave'), description: localizeCoded(coded(DESIGN_MESSAGES, 'designTooLarge'), 'designs'), variant: 'error' });
      return;
    }
    save.mutate(
      { id: designId, input: parsed.data },
      {
        onSuccess: ({ design }) => {
          setDesignId(design.id);
          setTitle(parsed.data.title);
          setSavedSnapshot(snapshot(parsed.data.title, elements));
          if (urlId !== design.id) setSearchParams({ design: design.id }, { replace: true });
          showToast({ title: t('editor.savedTitle'), description: t('editor.saved', { title: parsed.data.title }), variant: 'success' });
        },
        onError: (error) => showToast({ title: t('editor.saveFailed'), description: reason(error), variant: 'error' }),
      },
    );
  };

  const exportDataUrl = () => {
    if (!canvasRef.current) throw new MessageError(coded(DESIGN_MESSAGES, 'canvasNotReady'));
    return canvasRef.current.toDataUrl();
  };

  const handleExport = () => {
    try {
      downloadDataUrl(exportDataUrl(), fileName);
      showToast({ title: t('editor.exportedTitle'), description: `${fileName} (${CANVAS_WIDTH} × ${CANVAS_HEIGHT})`, variant: 'success' });
    } catch (error) {
      showToast({ title: t('editor.exportFailed'), description: reason(error), variant: 'error' });
    }
  };

  const startNew = () => {
    if (dirty && !window.confirm(t('editor.discard'))) return;
    setDesignId(null);
    setTitle(defaultTitle);
    setSavedSnapshot(emptySnapshot);
    setSelectedId(null);
    setTool('select');
    reset([]);
    setSearchParams({}, { replace: true });
  };

  const openDesign = (openId: string) => {
    if (openId === designId) return;
    if (dirty && !window.confirm(t('editor.discard'))) return;
    setSearchParams({ design: openId });
  };

  const handleCanvasKey = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if ((event.key === 'Enter' || event.key === ' ') && (tool === 'text' || tool === 'rectangle' || tool === 'circle' || tool === 'line')) {
      event.preventDefault();
      addDrawn(tool, { x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2 });
    }
  };

  const loadFailed = toLoad && loading.isError;

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
            <Palette aria-hidden="true" className="size-7 text-brand-soft" /> {t('editor.title')}
          </h1>
          <p className="mt-1 text-muted-foreground">{t('editor.intro')}</p>
        </div>
        <div className="grid w-full gap-1.5 sm:w-auto">
          <Label htmlFor={`${id}-title`}>{t('editor.designTitle')}</Label>
          <div className="flex items-center gap-2">
            <Input
              id={`${id}-title`}
              value={title}
              maxLength={DESIGN_TITLE_MAX}
              onChange={(event) => setTitle(event.target.value)}
              aria-describedby={`${id}-file`}
              className="h-9 sm:w-64"
            />
          </div>
          <p id={`${id}-file`} className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <span>
              {t('editor.file')} <span className="font-mono text-foreground" data-testid="design-file-name">{displayTitle(fileTitle)}</span>
            </span>
            <span aria-live="polite" className={dirty ? 'text-amber-300' : 'text-emerald-300'}>
              {dirty ? t('editor.unsaved') : designId ? t('editor.allSaved') : ''}
            </span>
          </p>
        </div>
      </div>

      <EditorToolbar
        tool={tool}
        onTool={chooseTool}
        zoom={zoom}
        onZoom={(direction) => setZoom((current) => stepZoom(current, direction))}
        canUndo={canUndo}
        canRedo={canRedo}
        onUndo={undo}
        onRedo={redo}
        saving={save.isPending}
        onSave={handleSave}
        onExport={handleExport}
      >
        <UseAsCoverDialog exportImage={async () => dataUrlToBlob(exportDataUrl())} fileName={fileName} />
        <MyDesignsDialog
          currentId={designId}
          onOpen={openDesign}
          onNew={startNew}
          onRenamed={(renamedId, newTitle) => {
            if (renamedId !== designId) return;
            setTitle(newTitle);
            setSavedSnapshot((current) => JSON.stringify({ ...JSON.parse(current), title: newTitle }));
          }}
          onDeleted={(deletedId) => {
            if (deletedId !== designId) return;
            // Keep the work on screen as a new, unsaved design.
            setDesignId(null);
            setSavedSnapshot(emptySnapshot);
            setSearchParams({}, { replace: true });
          }}
        />
      </EditorToolbar>
      <input
        ref={fileInputRef}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('editor.imageFile')}
        onChange={(event) => {
          void addImage(event.target.files?.[0]);
          event.target.value = '';
        }}
      />

      {loadFailed ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-500/50 bg-red-950/40 p-4 text-sm text-red-100">
          <CircleAlert aria-hidden="true" className="size-5 text-red-400" />
          <p className="flex-1">{t('editor.openFailed', { reason: reason(loading.error) })}</p>
          <Button variant="outline" size="sm" onClick={startNew}>
            {t('editor.startNew')}
          </Button>
        </div>
      ) : null}

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="grid min-w-0 gap-2">
          <div ref={canvasBoxRef} className="relative min-w-0 overflow-auto rounded-xl border border-border bg-muted/30 p-3 sm:p-4" style={{ maxHeight: 'max(28rem, calc(100dvh - 10rem))' }}>
            {toLoad && loading.isPending ? (
              <LoadingState label={t('editor.opening')} className="absolute inset-0 z-10 bg-background/70" />
            ) : null}
            <div
              role="group"
              aria-label={t('editor.canvasLabel', { width: CANVAS_WIDTH, height: CANVAS_HEIGHT })}
              aria-describedby={`${id}-canvas-help`}
              tabIndex={0}
              onKeyDown={handleCanvasKey}
              className="mx-auto w-max shadow-2xl ring-1 shadow-black/40 ring-white/15 outline-offset-4"
              data-testid="design-canvas"
            >
              <DesignCanvas
                ref={canvasRef}
                elements={elements}
                selectedId={selectedId}
                tool={tool}
                zoom={zoom}
                onSelect={setSelectedId}
                onAdd={addDrawn}
                onChange={updateElement}
              />
            </div>
          </div>
          <p id={`${id}-canvas-help`} className="px-1 text-xs text-muted-foreground">
            {t('editor.help')}
          </p>
        </div>

        <PropertiesPanel
          elements={elements}
          selected={selected}
          onChange={updateSelected}
          onSelect={(elementId) => {
            setTool('select');
            setSelectedId(elementId);
          }}
          onDelete={deleteSelected}
          onReorder={(direction) => selectedId && commit((current) => reorder(current, selectedId, direction))}
        />
      </div>
    </div>
  );
}
