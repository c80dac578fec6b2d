import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/** The part of JSON Schema that zod's `toJSONSchema` produces for our request schemas. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

export const REQUEST_PARTS = ['params', 'querystring', 'body'] as const;
export type RequestPart = (typeof REQUEST_PARTS)[number];

/** One route as Fastify registered it, with its request schemas as zod and as JSON Schema. */
export type RouteInfo = {
  /** "GET /api/transactions/:id" */
  key: string;
  method: string;
  url: string;
  /** Path parameter names, from the URL itself (so a route without a params schema still shows them). */
  pathParams: string[];
  zod: Partial<Record<RequestPart, z.ZodType>>;
  json: Partial<Record<RequestPart, JsonSchema>>;
};

/**
 * Collects the route table as the app is built: pass `onRoute` to createTestApp. Every route added later
 * shows up here without anyone listing it, which is what the isolation matrix and the bad-input sweep rely on.
 */
export function routeCollector() {
  const routes: RouteInfo[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as Partial<Record<RequestPart, unknown>>;
    const zodParts: RouteInfo['zod'] = {};
    const jsonParts: RouteInfo['json'] = {};
    for (const part of REQUEST_PARTS) {
      const value = schema[part];
      if (value instanceof z.ZodType) {
        zodParts[part] = value;
        jsonParts[part] = toJson(value);
      } else if (value && typeof value === 'object') {
        // A plain JSON Schema (a route not using zod) is used as it is.
        jsonParts[part] = value as JsonSchema;
      }
    }
    for (const method of methods) {
      const url = route.url;
      routes.push({
        key: `${method} ${url}`,
        method,
        url,
        pathParams: [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''),
        zod: zodParts,
        json: jsonParts,
      });
    }
  };
  return { routes, onRoute };
}

function toJson(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json as JsonSchema;
}

/** The object properties a part declares (objects, possibly intersected or one of a union). */
export function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  if (!schema) return {};
  const own = schema.properties ?? {};
  // A union body (one of several shapes) offers the fields of every shape.
  const merged = [...(schema.allOf ?? []), ...(schema.anyOf ?? [])].map(propertiesOf);
  return Object.assign({}, ...merged, own);
}

export function requiredOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  return [...(schema.required ?? []), ...(schema.allOf ?? []).flatMap(requiredOf)];
}

/** Fills a URL's :params. */
export function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(value);
  });
}

export function queryString(query: Record<string, unknown>): string {
  const entries = Object.entries(query).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '';
  return `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}

/** Routes Fastify adds by itself for every GET; checked as their GET twin is. */
export const isHeadTwin = (route: RouteInfo, all: RouteInfo[]) =>
  route.method === 'HEAD' && all.some((r) => r.method === 'GET' && r.url === route.url);
