import type Konva from 'konva';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Circle, Image as KonvaImage, Layer, Line, Rect, Stage, Text, Transformer } from 'react-konva';
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

function useHtmlImage(src: string): HTMLImageElement | undefined {
  const [loaded, setLoaded] = useState<{ src: string; image: HTMLImageElement }>();
  useEffect(() => {
    const image = new window.Image();
    image.onload = () => setLoaded({ src, image });
    image.src = src;
    return () => {
      image.onload = null;
    };
  }, [src]);
  return loaded?.src === src ? loaded.image : undefined;
}

function ImageElement({ element, ...props }: { element: Extract<DesignElement, { type: 'image' }> } & Omit<Konva.ImageConfig, 'image'>) {
  const image = useHtmlImage(element.src);
  return <KonvaImage {...props} image={image} width={element.width} height={element.height} />;
}

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

/** The 800 × 600 Konva stage, scaled by the zoom; a dark background that is part of every export. */
export function DesignCanvas({ ref, elements, selectedId, tool, zoom, onSelect, onAdd, onChange }: DesignCanvasProps) {
  const stageRef = useRef<Konva.Stage>(null);
  const transformerRef = useRef<Konva.Transformer>(null);
  const scale = zoom / 100;
  const selected = elements.find((element) => element.id === selectedId);

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

  // Attach the transformer to the selected node.
  useEffect(() => {
    const transformer = transformerRef.current;
    const stage = stageRef.current;
    if (!transformer || !stage) return;
    const node = selectedId && tool === 'select' ? stage.findOne((candidate: Konva.Node) => candidate.id() === selectedId) : undefined;
    transformer.nodes(node ? [node] : []);
    transformer.getLayer()?.batchDraw();
  }, [selectedId, elements, tool]);

  const handlePointerDown = (event: Konva.KonvaEventObject<PointerEvent>) => {
    const stage = event.target.getStage();
    if (!stage) return;
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
  };

  const draggable = tool === 'select';
  const shared = (element: DesignElement) => ({
    id: element.id,
    x: element.x,
    y: element.y,
    rotation: element.rotation,
    opacity: element.opacity,
    draggable,
    onDragEnd: (event: Konva.KonvaEventObject<DragEvent>) => onChange(element.id, { x: round(event.target.x()), y: round(event.target.y()) }),
    onTransformEnd: (event: Konva.KonvaEventObject<Event>) => onChange(element.id, geometryAfterTransform(element, event.target)),
  });

  return (
    <Stage
      ref={stageRef}
      width={CANVAS_WIDTH * scale}
      height={CANVAS_HEIGHT * scale}
      scaleX={scale}
      scaleY={scale}
      onPointerDown={handlePointerDown}
      style={{ cursor: isDrawTool(tool) ? 'crosshair' : 'default' }}
    >
      <Layer>
        <Rect name="background" x={0} y={0} width={CANVAS_WIDTH} height={CANVAS_HEIGHT} fill={CANVAS_BACKGROUND} />
        {elements.map((element) => {
          switch (element.type) {
            case 'text':
              return (
                <Text
                  key={element.id}
                  {...shared(element)}
                  text={element.text}
                  fontSize={element.fontSize}
                  fill={element.color}
                  fontFamily={element.fontFamily}
                  align={element.textAlign}
                  width={element.width}
                  fontStyle={[element.italic ? 'italic' : '', element.bold ? 'bold' : ''].filter(Boolean).join(' ') || 'normal'}
                  textDecoration={element.underline ? 'underline' : ''}
                />
              );
            case 'rectangle':
              return (
                <Rect
                  key={element.id}
                  {...shared(element)}
                  width={element.width}
                  height={element.height}
                  fill={element.fillColor}
                  stroke={element.strokeColor}
                  strokeWidth={element.strokeWidth}
                  strokeEnabled={element.strokeWidth > 0}
                  cornerRadius={element.cornerRadius}
                />
              );
            case 'circle':
              return (
                <Circle
                  key={element.id}
                  {...shared(element)}
                  radius={element.radius}
                  fill={element.fillColor}
                  stroke={element.strokeColor}
                  strokeWidth={element.strokeWidth}
                  strokeEnabled={element.strokeWidth > 0}
                />
              );
            case 'line':
              return (
                <Line
                  key={element.id}
                  {...shared(element)}
                  points={element.points}
                  stroke={element.strokeColor}
                  strokeWidth={element.strokeWidth}
                  hitStrokeWidth={Math.max(16, element.strokeWidth)}
                  lineCap="round"
                />
              );
            case 'image':
              return <ImageElement key={element.id} element={element} {...shared(element)} />;
          }
        })}
        <Transformer
          ref={transformerRef}
          rotateEnabled
          keepRatio={selected?.type === 'circle' || selected?.type === 'image'}
          enabledAnchors={
            selected?.type === 'circle'
              ? ['top-left', 'top-right', 'bottom-left', 'bottom-right']
              : selected?.type === 'line'
                ? ['middle-left', 'middle-right', 'top-left', 'top-right', 'bottom-left', 'bottom-right']
                : undefined
          }
          anchorStroke={SELECTION_COLOUR}
          anchorFill="#FFFFFF"
          anchorSize={9}
          borderStroke={SELECTION_COLOUR}
          ignoreStroke={selected?.type !== 'line'}
          boundBoxFunc={(previous, next) =>
            selected?.type !== 'line' && (Math.abs(next.width) < 4 || Math.abs(next.height) < 4) ? previous : next
          }
        />
      </Layer>
    </Stage>
  );
}
