import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/**
 * The Fastify instance a TypeBox route plugin receives, for the functions a plugin splits its routes
 * into: requests of the routes added to it are typed from their schemas.
 */
export type TypeBoxApp = Parameters<FastifyPluginAsyncTypebox>[0];
