import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { logSafeUrl } from '../lib/log-safe-url';
import { registerBodyDeadline } from '../plugins/body-deadline';
import { registerCompression } from '../plugins/compression';
import { clientErrorHandler } from '../plugins/client-errors';
import { registerErrorHandler } from '../plugins/error-handler';
import type { AppDeps } from './app-deps';

/** The Fastify instance with its logger, time limits, validation, error answers, compression and OpenAPI. */
export async function createServer(config: Config, logger: AppDeps['logger']) {
  const logOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // Fastify's own request fields, with reset tokens and OAuth codes cut out of the URL.
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: logSafeUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
  const app = Fastify({
    logger: logger === false ? false : { ...logOptions, ...(logger === true || logger === undefined ? {} : logger) },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    // Fastify's default is no limit: a request may take this long to arrive, headers and body.
    // Uploads are the slow ones; JSON bodies have a shorter deadline (registerBodyDeadline).
    requestTimeout: config.UPLOAD_TIMEOUT_SECONDS * 1000,
    http: {
      // Node applies the shorter of these two to the body (it swaps them when headersTimeout,
      // 60 s by default, is the longer), so the headers' limit must not exceed the request's.
      headersTimeout: Math.min(60_000, config.UPLOAD_TIMEOUT_SECONDS * 1000),
      // How often Node looks for requests past those limits (its default, 30 s, would add up to 30 s).
      connectionsCheckingInterval: Math.min(30_000, config.UPLOAD_TIMEOUT_SECONDS * 250),
    },
    clientErrorHandler,
    // Answer 503 to new requests while draining on SIGTERM.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerBodyDeadline(app, config.REQUEST_BODY_TIMEOUT_SECONDS);
  // Before any route: the plugin hooks each route as it is added.
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Genie API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  return app;
}
