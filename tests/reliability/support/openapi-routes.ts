import type { FastifyInstance } from 'fastify';

/** One operation of the app's OpenAPI document, enough to aim generated requests at it. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. /api/files/{id}. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Property names of the JSON body, when the operation takes one. */
  bodyProperties: string[] | null;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, {
    parameters?: { in: string; name: string }[];
    requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  }>>;
}

/**
 * Every API operation the app registers, read from its own OpenAPI document, so that a route
 * added tomorrow is covered by the cross-cutting tests without anyone listing it.
 */
export async function listOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`);
  const document = response.json() as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.['application/json'];
      operations.push({
        method: upper as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: json ? Object.keys(json.schema?.properties ?? {}) : null,
      });
    }
  }
  return operations;
}

/** The path with each {param} replaced. */
export function fillPath(path: string, value: (name: string) => string) {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(value(name)));
}
