import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { QrLogoSchema } from '../../schemas/qr.ts';
import { LOGO_MEDIA_TYPES, MAX_LOGO_SIDE, MAX_LOGO_UPLOAD_BYTES } from '../../services/qr-logo-image.ts';
import { encodeQrLogo, getQrLogo, removeQrLogo, setQrLogo } from '../../services/qr-logos.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import type { StoredQrLogo } from '../../storage/qr-logos.kysely.ts';

const tags = ['Workspace'];
const PATH = '/workspace/qr-logo';

function logoResource(logo: StoredQrLogo) {
  return { width: logo.width, height: logo.height, updated_at: logo.updatedAt };
}

/** A 415 the error handler answers with its message (any 4xx error with a status is passed on). */
function unsupportedType(): Error {
  return Object.assign(new Error(`Send the logo as the body with Content-Type ${LOGO_MEDIA_TYPES.join(', ')}.`), {
    statusCode: 415,
  });
}

/** The workspace's QR logo: PUT an image, GET it back as the service's PNG, DELETE it. */
export const qrLogoRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork }> = async (app, { uow }) => {
  // In this plugin only: an image body arrives whole as bytes, up to the limit (413 past it); any
  // other type of body is a 415 naming the accepted ones.
  app.addContentTypeParser([...LOGO_MEDIA_TYPES], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', (_request, _payload, done) => done(unsupportedType(), undefined));

  app.put(
    PATH,
    {
      bodyLimit: MAX_LOGO_UPLOAD_BYTES,
      // The body is bytes, checked by the decoder; the schema below describes it for the OpenAPI document.
      validatorCompiler: () => () => true,
      schema: {
        summary: "Set the workspace's QR logo",
        description:
          'Admins and the owner. Send the image itself as the body, `Content-Type: image/png`, `image/jpeg` ' +
          `or \`image/webp\`, at most ${MAX_LOGO_UPLOAD_BYTES / 1024} KB (413 past it; another type is a 415). ` +
          'The image is decoded and encoded anew as a PNG of at most ' +
          `${MAX_LOGO_SIDE} x ${MAX_LOGO_SIDE} pixels (turned upright, metadata dropped); a file that does not ` +
          'decode, or declares more than 4096 x 4096 pixels, is a 422. The upload itself is never stored.',
        tags,
        consumes: [...LOGO_MEDIA_TYPES],
        body: Type.String({
          format: 'binary',
          maxLength: MAX_LOGO_UPLOAD_BYTES,
          description: 'The image file.',
          examples: ['(the PNG, JPEG or WebP file)'],
        }),
        response: {
          200: { ...QrLogoSchema, description: 'The logo as stored.' },
          ...errorResponses(400, 413, 415, 422),
        },
      },
    },
    async (request) => {
      // A JSON body (or none) got past the parsers above: it is no image either.
      if (!Buffer.isBuffer(request.body)) throw unsupportedType();
      const encoded = await encodeQrLogo(request.principal, request.body);
      return logoResource(await uow.transact((work) => setQrLogo(work, request.principal, encoded)));
    },
  );

  app.get(
    PATH,
    {
      schema: {
        summary: "The workspace's QR logo",
        description: 'Any member. The stored PNG (the service’s re-encoding of the upload); 404 when there is none.',
        tags,
        produces: ['image/png'],
        response: {
          200: {
            description: 'The logo, `image/png`.',
            content: { 'image/png': { schema: Type.String({ format: 'binary', examples: ['(the PNG file)'] }) } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const logo = await uow.read((stores) => getQrLogo(stores, request.principal));
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(logo.png) as unknown as string); // bytes: see GET /links/{id}/qr
    },
  );

  app.delete(
    PATH,
    {
      schema: {
        summary: "Remove the workspace's QR logo",
        description: 'Admins and the owner. 204 whether or not there was one; codes asking for the logo are then 422.',
        tags,
        response: { 204: Type.Null({ description: 'Removed; no body.' }), ...errorResponses() },
      },
    },
    async (request, reply) => {
      await uow.transact((work) => removeQrLogo(work, request.principal));
      return reply.code(204).send(null);
    },
  );
};
