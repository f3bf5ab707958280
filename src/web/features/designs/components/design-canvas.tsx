import Konva from 'konva';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { CANVAS_HEIGHT, CANVAS_WIDTH, DESIGN_MESSAGES, RANGES, type DesignElement, type Tool } from '#shared/designs.ts';
import { coded } from '#shared/messages.ts';
import { MessageError } from '#web/lib/server-message.ts';
import { CANVAS_BACKGROUND, clampToRange, normalizeRotation, type DrawTool } from '../utils/elements.ts';

export interface DesignCanvasHandle {
  /** The design as an 800 × 600 PNG data URL, whatever the zoom, without the selection handles. */
  toDataUrl: () => string;
}

export type ElementPatch = Partial<Omit<DesignElement, 'id' | 'type'>> & Record<string, unknown>;

interface DesignCanvasProps {
  ref?: Ref<DesignCanvasHandle>;
  elements: DesignElement[];
  selectedId: string | null;
  tool: Tool;
  /** Zoom in percent (10–200). */
  zoom: number;
  onSelect: (id: string | null) => void;
  onAdd: (tool: DrawTool, point: { x: number; y: number }) => void;
  onChange: (id: string, patch: ElementPatch) => void;
}

const round = (value: number) => Math.round(value * 100) / 100;
const SELECTION_COLOUR = '#A78BFA';
const isDrawTool = (tool: Tool): tool is DrawTool => tool === 'text' || tool === 'rectangle' || tool === 'circle' || tool === 'line';

/** The new geometry after a resize with the transformer; the node's scale is folded back into sizes. */
function geometryAfterTransform(element: DesignElement, node: Konva.Node): ElementPatch {
  const scaleX = Math.abs(node.scaleX());
  const scaleY = Math.abs(node.scaleY());
  node.scaleX(1);
  node.scaleY(1);
  const common = { x: round(node.x()), y: round(node.y()), rotation: normalizeRotation(node.rotation()) };
  switch (element.type) {
    case 'rectangle':
    case 'image':
      return { ...common, width: Math.max(1, round(element.width * scaleX)), height: Math.max(1, round(element.height * scaleY)) };
    case 'circle':
      return { ...common, radius: Math.max(1, round(element.radius * Math.max(scaleX, scaleY))) };
    case 'text':
      return {
        ...common,
        width: Math.max(1, round((element.width ?? node.width()) * scaleX)),
        fontSize: Math.round(clampToRange(element.fontSize * scaleY, RANGES.fontSize)),
      };
    case 'line': {
      const [x1, y1, x2, y2] = element.points;
      return { ...common, points: [round(x1! * scaleX), round(y1! * scaleY), round(x2! * scaleX), round(y2! * scaleY)] };
    }
  }
}

type ShapeConfig = Konva.ShapeConfig & Record<string, unknown>;

/** An element's Konva class and attributes (what react-konva's <Rect {...props}/> and friends were given). */
function shapeOf(element: DesignElement, draggable: boolean): { create: (attrs: ShapeConfig) => Konva.Shape; attrs: ShapeConfig } {
  const shared = { id: element.id, x: element.x, y: element.y, rotation: element.rotation, opacity: element.opacity, draggable };
  switch (element.type) {
    case 'text':
      return {
        create: (attrs) => new Konva.Text(attrs),
        attrs: {
          ...shared,
          text: element.text,
          fontSize: element.fontSize,
          fill: element.color,
          fontFamily: element.fontFamily,
          align: element.textAlign,
          width: element.width,
          fontStyle: [element.italic ? 'italic' : '', element.bold ? 'bold' : ''].filter(Boolean).join(' ') || 'normal',
          textDecoration: element.underline ? 'underline' : '',
        },
      };
    case 'rectangle':
      return {
        create: (attrs) => new Konva.Rect(attrs),
        attrs: {
          ...shared,
          width: element.width,
          height: element.height,
          fill: element.fillColor,
          stroke: element.strokeColor,
          strokeWidth: element.strokeWidth,
          strokeEnabled: element.strokeWidth > 0,
          cornerRadius: element.cornerRadius,
        },
      };
    case 'circle':
      return {
        create: (attrs) => new Konva.Circle(attrs),
        attrs: { ...shared, radius: element.radius, fill: element.fillColor, stroke: element.strokeColor, strokeWidth: element.strokeWidth, strokeEnabled: element.strokeWidth > 0 },
      };
    case 'line':
      return {
        create: (attrs) => new Konva.Line(attrs),
        attrs: { ...shared, points: element.points, stroke: element.strokeColor, strokeWidth: element.strokeWidth, hitStrokeWidth: Math.max(16, element.strokeWidth), lineCap: 'round' },
      };
    case 'image':
      return { create: (attrs) => new Konva.Image({ ...attrs, image: undefined }), attrs: { ...shared, width: element.width, height: element.height } };
  }
}

/** One drawn element: its node, the attributes last given to it, and (for images) the source it shows. */
interface Drawn {
  node: Konva.Shape;
  type: DesignElement['type'];
  attrs: ShapeConfig;
  src?: string;
}

/**
 * The 800 × 600 Konva stage, scaled by the zoom; a dark background that is part of every export.
 * Konva is driven directly (the app runs on Preact, and react-konva needs React's own reconciler): each
 * render's elements are applied to their nodes as react-konva did, only the attributes that changed,
 * so a node keeps what a drag or a resize did to it until the new values come back through onChange.
 */
export function DesignCanvas({ ref, elements, selectedId, tool, zoom, onSelect, onAdd, onChange }: DesignCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const layerRef = useRef<Konva.Layer>(null);
  const transformerRef = useRef<Konva.Transformer>(null);
  const drawnRef = useRef(new Map<string, Drawn>());
  const scale = zoom / 100;
  const selected = elements.find((element) => element.id === selectedId);
  // The handlers Konva calls read the latest props (Konva's listeners are attached once).
  const latest = useRef({ elements, tool, onSelect, onAdd, onChange });
  useLayoutEffect(() => {
    latest.current = { elements, tool, onSelect, onAdd, onChange };
  });

  useImperativeHandle(
    ref,
    () => ({
      toDataUrl: () => {
        const stage = stageRef.current;
        if (!stage) throw new MessageError(coded(DESIGN_MESSAGES, 'canvasNotReady'));
        const transformer = transformerRef.current;
        const wasVisible = transformer?.visible() ?? false;
        transformer?.visible(false);
        try {
          // 1 / zoom gives 800 × 600 at every zoom; the nudge keeps float error from flooring 800 to 799.
          return stage.toDataURL({ mimeType: 'image/png', pixelRatio: (1 / scale) * (1 + 1e-9) });
        } finally {
          transformer?.visible(wasVisible);
        }
      },
    }),
    [scale],
  );

  // The stage, its layer, the background and the transformer, for the component's lifetime.
  useEffect(() => {
    const stage = new Konva.Stage({ container: containerRef.current!, width: 0, height: 0 });
    const layer = new Konva.Layer();
    layer.add(new Konva.Rect({ name: 'background', x: 0, y: 0, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, fill: CANVAS_BACKGROUND }));
    const transformer = new Konva.Transformer({ rotateEnabled: true, anchorStroke: SELECTION_COLOUR, anchorFill: '#FFFFFF', anchorSize: 9, borderStroke: SELECTION_COLOUR });
    layer.add(transformer);
    stage.add(layer);
    stage.on('pointerdown', (event: Konva.KonvaEventObject<PointerEvent>) => {
      const { tool, onAdd, onSelect } = latest.current;
      if (isDrawTool(tool)) {
        const point = stage.getRelativePointerPosition();
        if (point) onAdd(tool, { x: round(point.x), y: round(point.y) });
        return;
      }
      if (tool !== 'select') return;
      const target = event.target;
      if (target === stage || target.name() === 'background') {
        onSelect(null);
        return;
      }
      if (target.getParent()?.className === 'Transformer') return;
      const id = target.id();
      if (id) onSelect(id);
    });
    const drawn = drawnRef.current;
    stageRef.current = stage;
    layerRef.current = layer;
    transformerRef.current = transformer;
    return () => {
      stage.destroy();
      drawn.clear();
      stageRef.current = null;
      layerRef.current = null;
      transformerRef.current = null;
    };
  }, []);

  // Size and zoom.
  useEffect(() => {
    const stage = stageRef.current!;
    stage.size({ width: CANVAS_WIDTH * scale, height: CANVAS_HEIGHT * scale });
    stage.scale({ x: scale, y: scale });
  }, [scale]);

  // The elements: new ones created, changed ones updated, removed ones destroyed, in the elements' order.
  useEffect(() => {
    const layer = layerRef.current!;
    const drawn = drawnRef.current;
    const draggable = tool === 'select';
    const ids = new Set(elements.map((element) => element.id));
    for (const [id, entry] of drawn) {
      if (ids.has(id) && elements.find((element) => element.id === id)!.type === entry.type) continue;
      entry.node.destroy();
      drawn.delete(id);
    }
    elements.forEach((element, index) => {
      const { create, attrs } = shapeOf(element, draggable);
      let entry = drawn.get(element.id);
      if (!entry) {
        const node = create(attrs);
        const id = element.id;
        const current = () => latest.current.elements.find((candidate) => candidate.id === id);
        node.on('dragend', (event) => latest.current.onChange(id, { x: round(event.target.x()), y: round(event.target.y()) }));
        node.on('transformend', (event) => {
          const now = current();
          if (now) latest.current.onChange(id, geometryAfterTransform(now, event.target));
        });
        layer.add(node);
        entry = { node, type: element.type, attrs };
        drawn.set(id, entry);
      } else {
        const changed: ShapeConfig = {};
        for (const [key, value] of Object.entries(attrs)) if (entry.attrs[key] !== value) changed[key] = value;
        for (const key of Object.keys(entry.attrs)) if (!(key in attrs)) changed[key] = undefined;
        if (Object.keys(changed).length > 0) entry.node.setAttrs(changed);
        entry.attrs = attrs;
      }
      if (element.type === 'image' && entry.src !== element.src) {
        // Drawn once its image has loaded (and only if the element still shows that source then).
        const image = new window.Image();
        const target = entry;
        const src = element.src;
        target.src = src;
        target.node.setAttr('image', undefined);
        image.onload = () => {
          if (target.src === src) target.node.setAttr('image', image);
        };
        image.src = src;
      }
      entry.node.zIndex(index + 1); // above the background
    });
    transformerRef.current!.moveToTop();
  }, [elements, tool]);

  // The transformer: fitted to the selected element's kind and attached to its node.
  useEffect(() => {
    const transformer = transformerRef.current!;
    const type = selected?.type;
    transformer.setAttrs({
      keepRatio: type === 'circle' || type === 'image',
      enabledAnchors:
        type === 'circle'
          ? ['top-left', 'top-right', 'bottom-left', 'bottom-right']
          : type === 'line'
            ? ['middle-left', 'middle-right', 'top-left', 'top-right', 'bottom-left', 'bottom-right']
            : undefined, // Konva's default: all eight
      ignoreStroke: type !== 'line',
      boundBoxFunc: (previous: Konva.Box & { rotation: number }, next: Konva.Box & { rotation: number }) =>
        type !== 'line' && (Math.abs(next.width) < 4 || Math.abs(next.height) < 4) ? previous : next,
    });
    const entry = selectedId && tool === 'select' ? drawnRef.current.get(selectedId) : undefined;
    transformer.nodes(entry ? [entry.node] : []);
    transformer.getLayer()?.batchDraw();
  }, [selectedId, selected?.type, elements, tool]);

  return <div ref={containerRef} style={{ cursor: isDrawTool(tool) ? 'crosshair' : 'default' }} />;
}
