import { z } from 'zod';

/** The design editor's canvas, zoom and element properties (SPEC §2, §3 "Design element properties", §9). */
export const CANVAS_WIDTH = 800;
export const CANVAS_HEIGHT = 600;
export const ZOOM = { min: 10, max: 200, step: 10, initial: 100 } as const;
export const FONT_FAMILIES = ['Arial', 'Verdana', 'Times New Roman'] as const;
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export const TOOLS = ['select', 'text', 'rectangle', 'circle', 'line', 'image'] as const;
export type Tool = (typeof TOOLS)[number];

export const RANGES = {
  opacity: { min: 0, max: 1, step: 0.1, default: 1 },
  fontSize: { min: 8, max: 120, step: 1, default: 16 },
  rectangleStrokeWidth: { min: 0, max: 20, step: 1, default: 1 },
  circleStrokeWidth: { min: 0, max: 20, step: 1, default: 1 },
  lineStrokeWidth: { min: 1, max: 20, step: 1, default: 2 },
  cornerRadius: { min: 0, max: 50, step: 1, default: 0 },
} as const;

export const DEFAULTS = {
  text: 'Hello World',
  textColor: '#FFFFFF',
  fillColor: '#3B82F6',
  strokeColor: '#FFFFFF',
  fontFamily: 'Arial',
  textAlign: 'left',
} as const;

export const DESIGN_TITLE_MAX = 120;
export const DESIGN_ELEMENTS_MAX = 300;
export const DESIGN_IMAGE_MAX_CHARS = 3_000_000; // a data URL of about 2 MB
/** A whole design, as JSON (issue #16: a 15 MB design was accepted); room for two images of the size above. */
export const DESIGN_MAX_BYTES = 5 * 1024 * 1024;
export const DESIGN_TOO_LARGE_CODE = 'design_too_large';
export const DESIGN_TOO_LARGE_MESSAGE = 'A design can be at most 5 MB. Remove some images or use smaller ones.';

export const DESIGN_MESSAGES = {
  notFound: 'Design not found.',
  designTooLarge: DESIGN_TOO_LARGE_MESSAGE,
  titleRequired: 'Please give the design a title.',
  tooManyElements: `A design can have at most ${DESIGN_ELEMENTS_MAX} elements.`,
  colours: 'Colours are #RRGGBB.',
  imageTooBig: 'Images in a design can be at most about 2 MB.',
  imageType: 'Images must be PNG, JPEG, WebP or GIF.',
  // The editor's own failures, raised in the browser.
  canvasNotReady: 'The canvas is not ready yet.',
  readFailed: 'Could not read the file.',
  notAnImage: 'This file could not be read as an image.',
} as const;

/** Zoom after one step in or out, kept within 10–200 %. */
export function stepZoom(current: number, direction: 1 | -1): number {
  return clamp(Math.round(current / ZOOM.step) * ZOOM.step + direction * ZOOM.step, ZOOM.min, ZOOM.max);
}

/** The opening zoom for a canvas box `width` px wide: the whole canvas width visible (a phone), at most 100 %. */
export function fitZoom(width: number): number {
  return clamp(Math.floor((width * 100) / (CANVAS_WIDTH * ZOOM.step)) * ZOOM.step, ZOOM.min, ZOOM.initial);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The title as shown: the design's name with the file extension of what it becomes. */
export function displayTitle(title: string, extension = 'png'): string {
  return `${title}.${extension}`;
}

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, DESIGN_MESSAGES.colours);
const ranged = (range: { min: number; max: number }) => z.number().min(range.min).max(range.max);
const base = {
  id: z.string().min(1).max(64),
  x: z.number().min(-10_000).max(10_000),
  y: z.number().min(-10_000).max(10_000),
  rotation: z.number().min(-360).max(360).default(0),
  opacity: ranged(RANGES.opacity).default(RANGES.opacity.default),
};

export const designElementSchema = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('text'),
    text: z.string().max(2000),
    fontSize: ranged(RANGES.fontSize),
    color: hexColor,
    fontFamily: z.enum(FONT_FAMILIES),
    textAlign: z.enum(TEXT_ALIGNS),
    bold: z.boolean(),
    italic: z.boolean(),
    underline: z.boolean(),
    width: z.number().min(1).max(5000).optional(),
  }),
  z.object({
    ...base,
    type: z.literal('rectangle'),
    width: z.number().min(1).max(5000),
    height: z.number().min(1).max(5000),
    fillColor: hexColor,
    strokeColor: hexColor,
    strokeWidth: ranged(RANGES.rectangleStrokeWidth),
    cornerRadius: ranged(RANGES.cornerRadius),
  }),
  z.object({
    ...base,
    type: z.literal('circle'),
    radius: z.number().min(1).max(5000),
    fillColor: hexColor,
    strokeColor: hexColor,
    strokeWidth: ranged(RANGES.circleStrokeWidth),
  }),
  z.object({
    ...base,
    type: z.literal('line'),
    points: z.array(z.number().min(-10_000).max(10_000)).length(4),
    strokeColor: hexColor,
    strokeWidth: ranged(RANGES.lineStrokeWidth),
  }),
  z.object({
    ...base,
    type: z.literal('image'),
    src: z
      .string()
      .max(DESIGN_IMAGE_MAX_CHARS, DESIGN_MESSAGES.imageTooBig)
      .regex(/^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/, DESIGN_MESSAGES.imageType),
    width: z.number().min(1).max(5000),
    height: z.number().min(1).max(5000),
  }),
]);
export type DesignElement = z.infer<typeof designElementSchema>;

export const designInputSchema = z.object({
  title: z.string().trim().min(1, DESIGN_MESSAGES.titleRequired).max(DESIGN_TITLE_MAX),
  elements: z.array(designElementSchema).max(DESIGN_ELEMENTS_MAX, DESIGN_MESSAGES.tooManyElements),
});
export type DesignInput = z.infer<typeof designInputSchema>;

/** Renaming a design (My designs, PATCH /api/designs/:id): its title, trimmed. */
export const designRenameSchema = designInputSchema.pick({ title: true });
export type DesignRename = z.infer<typeof designRenameSchema>;

/** The size of a design as saved: its JSON in UTF-8 bytes (what counts against DESIGN_MAX_BYTES and the storage quota). */
export function designSize(design: DesignInput): number {
  return new TextEncoder().encode(JSON.stringify({ title: design.title, elements: design.elements })).length;
}
