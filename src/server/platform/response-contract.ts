import type { FastifyInstance } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { ZodError, type ZodType } from 'zod';

/**
 * Answers are encoded through the route's response schema (src/shared/<feature>-api.ts). A value the
 * schema does not allow fails the request with 500. Outside production a field the schema does not
 * declare fails it too, instead of being dropped: tests then catch a schema that forgot a field.
 */
export function responseSerializer(options: { rejectUndeclared: boolean }): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const encode = serializerCompiler(route);
    if (!options.rejectUndeclared) return encode;
    return (data) => {
      const json = encode(data);
      const undeclared = undeclaredFields(data, JSON.parse(json) as unknown, '');
      if (undeclared.length > 0) {
        const issues = undeclared.map((path) => ({ code: 'custom' as const, path: [path], message: `${path} is not in the response schema`, input: undefined }));
        throw new ResponseSerializationError(route.method, route.url, { cause: new ZodError(issues) });
      }
      return json;
    };
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/** Paths of fields that `sent` has (with a value) and `encoded` lost. */
export function undeclaredFields(sent: unknown, encoded: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(encoded)) return sent.flatMap((item, index) => undeclaredFields(item, encoded[index], `${at}[${index}]`));
  if (!isPlainObject(sent) || !isPlainObject(encoded)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key;
    if (value === undefined) return [];
    if (!(key in encoded)) return [path];
    return undeclaredFields(value, encoded[key], path);
  });
}

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's response schemas by status code, as declared. */
  response: Record<string, unknown> | undefined;
}

/** Records every route as it is added (for the contract test: the API maps' schemas are the routes'). */
export function recordRoutes(app: FastifyInstance): RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    for (const method of [route.method].flat()) table.push({ method, url: route.url, response });
  });
  return table;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}
