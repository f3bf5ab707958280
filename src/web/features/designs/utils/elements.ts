import { CANVAS_HEIGHT, CANVAS_WIDTH, clamp, DEFAULTS, RANGES, type DesignElement } from '#shared/designs.ts';

export type ElementType = DesignElement['type'];
export type ElementOf<T extends ElementType> = Extract<DesignElement, { type: T }>;
export type DrawTool = 'text' | 'rectangle' | 'circle' | 'line';

/** The dark canvas background; it is drawn into every export. */
export const CANVAS_BACKGROUND = '#111827';
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const RECTANGLE_SIZE = { width: 160, height: 100 };
export const CIRCLE_RADIUS = 50;
export const LINE_LENGTH = 160;
export const TEXT_WIDTH = 220;

export const newElementId = (): string =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `el-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const round = (value: number) => Math.round(value * 100) / 100;
const base = (x: number, y: number) => ({ id: newElementId(), x: round(x), y: round(y), rotation: 0, opacity: RANGES.opacity.default });

/** A new element of a drawing tool, with the spec's defaults (SPEC §3), placed at a canvas point. */
export function createElement(tool: DrawTool, point: { x: number; y: number }): DesignElement {
  switch (tool) {
    case 'text':
      return {
        ...base(point.x, point.y),
        type: 'text',
        text: DEFAULTS.text,
        fontSize: RANGES.fontSize.default,
        color: DEFAULTS.textColor,
        fontFamily: DEFAULTS.fontFamily,
        textAlign: DEFAULTS.textAlign,
        bold: false,
        italic: false,
        underline: false,
        width: TEXT_WIDTH,
      };
    case 'rectangle':
      return {
        ...base(point.x - RECTANGLE_SIZE.width / 2, point.y - RECTANGLE_SIZE.height / 2),
        type: 'rectangle',
        ...RECTANGLE_SIZE,
        fillColor: DEFAULTS.fillColor,
        strokeColor: DEFAULTS.strokeColor,
        strokeWidth: RANGES.rectangleStrokeWidth.default,
        cornerRadius: RANGES.cornerRadius.default,
      };
    case 'circle':
      return {
        ...base(point.x, point.y),
        type: 'circle',
        radius: CIRCLE_RADIUS,
        fillColor: DEFAULTS.fillColor,
        strokeColor: DEFAULTS.strokeColor,
        strokeWidth: RANGES.circleStrokeWidth.default,
      };
    case 'line':
      return {
        ...base(point.x - LINE_LENGTH / 2, point.y),
        type: 'line',
        points: [0, 0, LINE_LENGTH, 0],
        strokeColor: DEFAULTS.strokeColor,
        strokeWidth: RANGES.lineStrokeWidth.default,
      };
  }
}

/** An image element, scaled to fit within half the canvas and centred. */
export function createImageElement(src: string, natural: { width: number; height: number }): DesignElement {
  const scale = Math.min(1, (CANVAS_WIDTH * 0.5) / natural.width, (CANVAS_HEIGHT * 0.5) / natural.height);
  const width = Math.max(1, round(natural.width * scale));
  const height = Math.max(1, round(natural.height * scale));
  return { ...base((CANVAS_WIDTH - width) / 2, (CANVAS_HEIGHT - height) / 2), type: 'image', src, width, height };
}

/** Rotation kept within the schema's −360…360. */
export const normalizeRotation = (rotation: number): number => round(((rotation % 360) + 360) % 360);

export const clampToRange = (value: number, range: { min: number; max: number }) => clamp(value, range.min, range.max);

/** Colours are saved as uppercase #RRGGBB. */
export const normalizeColor = (value: string): string => value.toUpperCase();

/** Moves the element one step up (+1, drawn later) or down (−1) the stacking order. */
export function reorder(elements: DesignElement[], id: string, direction: 1 | -1): DesignElement[] {
  const index = elements.findIndex((element) => element.id === id);
  const target = index + direction;
  if (index === -1 || target < 0 || target >= elements.length) return elements;
  const next = [...elements];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
