import { describe, expect, it } from 'vitest';
import { CANVAS_HEIGHT, CANVAS_WIDTH, DEFAULTS, designElementSchema, RANGES, type DesignElement } from '#shared/designs.ts';
import { clampToRange, createElement, createImageElement, normalizeColor, normalizeRotation, reorder, type DrawTool } from './elements.ts';

const TOOLS: DrawTool[] = ['text', 'rectangle', 'circle', 'line'];

describe('design elements', () => {
  it.each(TOOLS)('creates a %s the saved-design schema accepts, with the spec defaults', (tool) => {
    const element = createElement(tool, { x: 400, y: 300 });
    expect(element.type).toBe(tool);
    expect(designElementSchema.safeParse(element).success).toBe(true);
    expect(element).toMatchObject({ rotation: 0, opacity: RANGES.opacity.default });
  });

  it('centres shapes on the clicked point, text and circles start at it', () => {
    expect(createElement('rectangle', { x: 400, y: 300 })).toMatchObject({ x: 320, y: 250, width: 160, height: 100 });
    expect(createElement('circle', { x: 400, y: 300 })).toMatchObject({ x: 400, y: 300, radius: 50 });
    expect(createElement('line', { x: 400, y: 300 })).toMatchObject({ x: 320, y: 300, points: [0, 0, 160, 0] });
    expect(createElement('text', { x: 10.123, y: 20.456 })).toMatchObject({ x: 10.12, y: 20.46, text: DEFAULTS.text, fontFamily: DEFAULTS.fontFamily });
  });

  it('gives every element its own id', () => {
    const ids = new Set(Array.from({ length: 20 }, () => createElement('circle', { x: 0, y: 0 }).id));
    expect(ids.size).toBe(20);
  });

  it('fits an image within half the canvas, keeping its proportions, and centres it', () => {
    const image = createImageElement('data:image/png;base64,AA==', { width: 1600, height: 800 });
    expect(image).toMatchObject({ type: 'image', width: CANVAS_WIDTH / 2, height: 200 });
    expect(image).toMatchObject({ x: (CANVAS_WIDTH - 400) / 2, y: (CANVAS_HEIGHT - 200) / 2 });
    // A small image keeps its size.
    expect(createImageElement('data:image/png;base64,AA==', { width: 40, height: 30 })).toMatchObject({ width: 40, height: 30, x: 380, y: 285 });
    // A very thin one is never 0 pixels high.
    expect(createImageElement('data:image/png;base64,AA==', { width: 100_000, height: 1 })).toMatchObject({ height: 1 });
  });

  it('keeps rotations within 0…360', () => {
    expect(normalizeRotation(370)).toBe(10);
    expect(normalizeRotation(-90)).toBe(270);
    expect(normalizeRotation(360)).toBe(0);
    expect(normalizeRotation(45.456)).toBe(45.46);
  });

  it('clamps to a range and writes colours in uppercase', () => {
    expect(clampToRange(500, { min: 1, max: 200 })).toBe(200);
    expect(clampToRange(-3, { min: 1, max: 200 })).toBe(1);
    expect(clampToRange(12, { min: 1, max: 200 })).toBe(12);
    expect(normalizeColor('#a1b2c3')).toBe('#A1B2C3');
  });

  it('moves an element one step in the stacking order, and not past either end', () => {
    const elements = ['a', 'b', 'c'].map((id) => ({ ...createElement('circle', { x: 0, y: 0 }), id })) as DesignElement[];
    const order = (list: DesignElement[]) => list.map((element) => element.id);
    expect(order(reorder(elements, 'a', 1))).toEqual(['b', 'a', 'c']);
    expect(order(reorder(elements, 'c', -1))).toEqual(['a', 'c', 'b']);
    expect(reorder(elements, 'c', 1)).toBe(elements);
    expect(reorder(elements, 'a', -1)).toBe(elements);
    expect(reorder(elements, 'missing', 1)).toBe(elements);
    expect(order(elements)).toEqual(['a', 'b', 'c']); // the original is not changed
  });
});
