import { ErrorResponse } from '@marquee/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogService } from './catalog.service';

/** The Fastify instance the catalog routes plugin hands to each area's routes. */
export type CatalogApp = Parameters<FastifyPluginAsyncZod>[0];

/** What every catalog route uses: the service, the caching `send`, and the request's site uid. */
export type CatalogRouteKit = {
  catalog: CatalogService;
  /** Serializes once, caches, and sends the JSON (no per-request serializer run), with the viewer's own fields. */
  send: (req: FastifyRequest, reply: FastifyReply, value: unknown) => Promise<FastifyReply>;
  /** The request's site uid (a 404 naming an unknown one). */
  site: (req: FastifyRequest) => Promise<string>;
};

export const errors = { 400: ErrorResponse, 404: ErrorResponse };
export const tags = ['catalog'];
/**
 * Catalog reads are the hottest calls; their per-request access log is left to the proxy in front.
 * Warnings and errors are still logged.
 */
export const logLevel = 'warn';
