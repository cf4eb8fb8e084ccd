import type { FastifyInstance } from 'fastify';

/**
 * Every route of the built instance, so the attack suites cover routes added later without a
 * list to maintain (docs/quality.md 'Fuzzing every route'). The paths come from Fastify's own route
 * tree (`printRoutes`), which knows every route, documented or not; the JSON schemas of the
 * request come from the OpenAPI document the app generates from its zod schemas.
 */

export type JsonSchema = Record<string, unknown>;

export interface RouteInfo {
  method: string;
  /** Fastify syntax: `/orders/:id`, `/client/*`. */
  path: string;
  params: string[];
  /** Body, query and path-parameter schemas of the OpenAPI operation, when documented. */
  body?: JsonSchema;
  query?: JsonSchema;
  paramSchemas: Record<string, JsonSchema>;
  documented: boolean;
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

const TREE_LINE = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/u;

/** Parses the tree of `printRoutes({ commonPrefix: false })` into method + full path pairs. */
export function parseRouteTree(tree: string): Array<{ method: string; path: string }> {
  const stack: string[] = [];
  const routes: Array<{ method: string; path: string }> = [];
  for (const line of tree.split('\n')) {
    if (line.trim() === '') continue;
    const match = TREE_LINE.exec(line);
    if (!match) throw new Error(`unexpected line in the route tree: ${JSON.stringify(line)}`);
    const depth = (match[1] ?? '').length / 4;
    const segment = match[2] ?? '';
    stack.length = depth;
    const parent = stack[depth - 1] ?? '';
    const full =
      parent === '' ? segment : `${parent.replace(/\/$/, '')}/${segment.replace(/^\//, '')}`;
    stack[depth] = full;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push({ method, path: full });
    }
  }
  return routes;
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function jsonBodySchema(operation: OpenApiOperation | undefined): JsonSchema | undefined {
  const content = operation?.requestBody?.content;
  if (!content) return undefined;
  return (content['application/json'] ?? Object.values(content)[0])?.schema;
}

function querySchema(operation: OpenApiOperation | undefined): JsonSchema | undefined {
  const fields = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query');
  if (fields.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field.name, field.schema ?? {}])),
  };
}

export function listRoutes(app: FastifyInstance): RouteInfo[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const paths =
    (app as unknown as { swagger: () => { paths?: OpenApiPaths } }).swagger().paths ?? {};
  return parseRouteTree(tree).map(({ method, path }) => {
    const operation = paths[toOpenApiPath(path)]?.[method.toLowerCase()];
    const params = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
    const paramSchemas = Object.fromEntries(
      (operation?.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => [parameter.name, parameter.schema ?? {}]),
    );
    const body = jsonBodySchema(operation);
    const query = querySchema(operation);
    return {
      method,
      path,
      params,
      paramSchemas,
      documented: operation !== undefined,
      ...(body ? { body } : {}),
      ...(query ? { query } : {}),
    };
  });
}

/** Routes of the JSON API: everything under /api and /website except the documentation UI. */
export const isApiRoute = (route: { path: string }): boolean =>
  /^\/(api|website)(\/|$)/.test(route.path) && !route.path.startsWith('/api/docs');

/** Every documented operation must be found in the tree, or the parser has gone wrong. */
export function undocumentedGaps(app: FastifyInstance, routes: RouteInfo[]): string[] {
  const paths =
    (app as unknown as { swagger: () => { paths?: OpenApiPaths } }).swagger().paths ?? {};
  const known = new Set(routes.map((route) => `${route.method} ${toOpenApiPath(route.path)}`));
  const gaps: string[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const method of Object.keys(operations)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (!known.has(key)) gaps.push(key);
    }
  }
  return gaps;
}
