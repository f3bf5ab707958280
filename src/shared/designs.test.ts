import { describe, expect, it } from 'vitest';
import { clamp, designElementSchema, designInputSchema, designSize, displayTitle, RANGES, fitZoom, stepZoom, ZOOM } from './designs.ts';

const rectangle = { id: 'r1', type: 'rectangle', x: 10, y: 20, width: 100, height: 50, fillColor: '#3B82F6', strokeColor: '#FFFFFF', strokeWidth: 1, cornerRadius: 0 };

describe('zoom', () => {
  it('steps by 10 % between 10 % and 200 %, starting at 100 %', () => {
    expect(ZOOM.initial).toBe(100);
    expect(stepZoom(100, 1)).toBe(110);
    expect(stepZoom(100, -1)).toBe(90);
    expect(stepZoom(200, 1)).toBe(200);
    expect(stepZoom(10, -1)).toBe(10);
    expect(stepZoom(15, 1)).toBe(30);
  });
});

describe('element properties', () => {
  it('has the spec ranges and defaults', () => {
    expect(RANGES.fontSize).toMatchObject({ min: 8, max: 120, default: 16 });
    expect(RANGES.rectangleStrokeWidth).toMatchObject({ min: 0, max: 20, default: 1 });
    expect(RANGES.lineStrokeWidth).toMatchObject({ min: 1, max: 20, default: 2 });
    expect(RANGES.cornerRadius).toMatchObject({ min: 0, max: 50 });
    expect(RANGES.opacity).toMatchObject({ min: 0, max: 1, step: 0.1, default: 1 });
    expect(clamp(130, RANGES.fontSize.min, RANGES.fontSize.max)).toBe(120);
  });

  it('accepts valid elements and fills defaults', () => {
    const parsed = designElementSchema.parse(rectangle);
    expect(parsed).toMatchObject({ opacity: 1, rotation: 0 });
  });

  it('refuses values outside the ranges', () => {
    expect(designElementSchema.safeParse({ ...rectangle, cornerRadius: 51 }).success).toBe(false);
    expect(designElementSchema.safeParse({ ...rectangle, strokeWidth: 21 }).success).toBe(false);
    expect(designElementSchema.safeParse({ ...rectangle, opacity: 1.5 }).success).toBe(false);
    expect(designElementSchema.safeParse({ ...rectangle, fillColor: 'red' }).success).toBe(false);
    expect(
      designElementSchema.safeParse({ id: 'l', type: 'line', x: 0, y: 0, points: [0, 0, 10, 10], strokeColor: '#FFFFFF', strokeWidth: 0 }).success,
    ).toBe(false);
  });

  it('only takes images as data URLs of image types', () => {
    const image = { id: 'i', type: 'image', x: 0, y: 0, width: 10, height: 10 };
    expect(designElementSchema.safeParse({ ...image, src: 'data:image/png;base64,iVBORw0KGgo=' }).success).toBe(true);
    expect(designElementSchema.safeParse({ ...image, src: 'javascript:alert(1)' }).success).toBe(false);
    expect(designElementSchema.safeParse({ ...image, src: 'data:text/html;base64,PHNjcmlwdD4=' }).success).toBe(false);
  });

  it('needs a title', () => {
    expect(designInputSchema.safeParse({ title: '  ', elements: [] }).error?.issues[0]?.message).toBe('Please give the design a title.');
    expect(displayTitle('Launch banner')).toBe('Launch banner.png');
  });
});

describe('designSize', () => {
  it('is the saved JSON in UTF-8 bytes', () => {
    expect(designSize({ title: 'a', elements: [] })).toBe('{"title":"a","elements":[]}'.length);
    expect(designSize({ title: 'é', elements: [] })).toBe('{"title":"a","elements":[]}'.length + 1);
  });
});

describe('fitZoom', () => {
  it('opens the whole canvas width on a phone, in zoom steps, and never above 100 % or below the minimum', () => {
    expect(fitZoom(296)).toBe(30);
    expect(fitZoom(560)).toBe(70);
    expect(fitZoom(799)).toBe(90);
    expect(fitZoom(800)).toBe(100);
    expect(fitZoom(1600)).toBe(100);
    expect(fitZoom(20)).toBe(ZOOM.min);
  });
});
