import { createHash } from 'node:crypto';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { QR_MARGIN, QR_SIZE, resolveQrStyle } from '../../core/qr-style.ts';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import { QR_DESCRIPTION, QR_SVG_EXAMPLE, QrQuery } from '../../schemas/qr.ts';
import { getLinkOrThrow } from '../../services/links.ts';
import { drawQr } from '../../services/qr-images.ts';
import { logoForQrCode } from '../../services/qr-logos.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { ownedResource } from '../owned-resource.ts';
import { shortUrl } from '../serializers.ts';

const MEDIA_TYPES = { svg: 'image/svg+xml', png: 'image/png' } as const;

/**
 * GET /links/{id}/qr: the link's short URL as a QR code. The dashboard's preview and downloads use
 * this same endpoint, so what a person sees and what a script gets cannot differ.
 */
export const qrCodeRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork; shortUrl: string }> = async (
  app,
  { uow, shortUrl: shortBase },
) => {
  const ownedLink = ownedResource(uow, getLinkOrThrow);

  app.get(
    '/links/:id/qr',
    {
      preValidation: ownedLink.preValidation,
      schema: {
        summary: "A link's QR code",
        description: QR_DESCRIPTION,
        tags: ['Links'],
        produces: Object.values(MEDIA_TYPES),
        params: IdParams,
        querystring: QrQuery,
        response: {
          200: {
            description: 'The code, as SVG or PNG.',
            content: {
              'image/svg+xml': { schema: Type.String({ examples: [QR_SVG_EXAMPLE] }) },
              'image/png': { schema: Type.String({ format: 'binary', examples: ['(the PNG file)'] }) },
            },
          },
          304: { description: 'Unchanged since the ETag sent in If-None-Match; no body.', type: 'null' },
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const { query, principal } = request;
      const style = resolveQrStyle(query);
      const logo = style.logo ? await uow.read((stores) => logoForQrCode(stores, principal)) : undefined;
      const format = query.format ?? 'svg';
      const drawing = {
        text: shortUrl(ownedLink.get(request), shortBase),
        style,
        size: query.size ?? QR_SIZE.default,
        margin: query.margin ?? QR_MARGIN.default,
        logo,
      };
      // Everything the image is drawn from: a client's cached copy is checked without drawing anew.
      const etag = `"${createHash('sha256')
        .update(JSON.stringify({ ...drawing, logo: logo?.updatedAt ?? null, format }))
        .digest('base64url')
        .slice(0, 27)}"`;
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      const image = await drawQr(drawing, format);
      // Bytes: the 200 schema types the body as the text of the OpenAPI document's media.
      return reply.type(MEDIA_TYPES[format]).send(image as unknown as string);
    },
  );
};
