import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { invalidField } from '../../core/errors.ts';
import { BODY_ERRORS, errorResponses } from '../../schemas/common.ts';
import {
  CONVERSION_EXAMPLE,
  ConversionListQuery,
  ConversionSchema,
  PostbackSettingsSchema,
  RecordConversionBody,
  RotatedPostbackSchema,
  UpdatePostbackBody,
} from '../../schemas/conversion.ts';
import {
  conversionResource,
  getPostbackSettings,
  listConversions,
  postbackResource,
  recordConversion,
  rotatePostbackSecret,
  updatePostbackSettings,
} from '../../services/conversions.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import type { TypeBoxApp } from '../typebox-app.ts';

const config = { business: 'Conversions' };

/**
 * Amounts are decimal strings: a JSON number has already been through floating point (and the
 * validator would turn 1.5 into "1.5" without a word), so it is refused before validation.
 */
async function amountsAsText(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  for (const field of ['amount', 'commission']) {
    const value = body?.[field];
    if (typeof value === 'number')
      throw invalidField(field, `The ${field} must be a decimal string such as "12.50", not a number.`);
  }
}
const tags = ['Conversions'];

/** Conversions reported through the API, their list, and the workspace's postback settings (Business). */
interface ConversionRoutesOptions {
  uow: UnitOfWork;
  appUrl: string;
}

export const conversionRoutes: FastifyPluginAsyncTypebox<ConversionRoutesOptions> = async (app, options) => {
  app.addSchema(ConversionSchema);
  registerConversions(app, options);
  registerPostbackSettings(app, options);
};

/** Recording and listing conversions. */
function registerConversions(app: TypeBoxApp, { uow }: ConversionRoutesOptions): void {
  app.post(
    '/conversions',
    {
      config,
      preValidation: amountsAsText,
      schema: {
        summary: 'Record a conversion',
        description:
          'A sale, once per `order_id` in the workspace: a known order id updates that conversion (its status, ' +
          'most often) and answers 200, a new one 201. `amount` (revenue) and `commission` (earnings) are decimal ' +
          'strings in `currency`, never numbers, with no more decimals than the currency has. A `click_id` that ' +
          'names none of your clicks leaves the conversion unattributed; it is still recorded. Members and up.',
        tags,
        body: RecordConversionBody,
        response: {
          200: { ...Type.Ref('Conversion'), description: 'The order was known: its conversion, updated.' },
          201: { ...Type.Ref('Conversion'), description: 'The conversion, recorded.' },
          ...errorResponses(...BODY_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const recorded = await uow.transact((work) => recordConversion(work, request.principal, request.body));
      return reply.code(recorded.created ? 201 : 200).send(conversionResource(recorded.conversion));
    },
  );

  app.get(
    '/conversions',
    {
      config,
      schema: {
        summary: 'List conversions',
        description:
          'Newest first, a page at a time: pass `next_cursor` back as `cursor` until it is null. Filter by ' +
          '`status`, `currency`, `link_id`, `click_id` or `attributed`.',
        tags,
        querystring: ConversionListQuery,
        response: {
          200: Type.Object(
            { data: Type.Array(Type.Ref('Conversion')), next_cursor: Type.Union([Type.String(), Type.Null()]) },
            {
              description: 'A page of conversions.',
              examples: [{ data: [CONVERSION_EXAMPLE], next_cursor: 'YzMxMQ' }],
            },
          ),
          ...errorResponses(422),
        },
      },
    },
    async (request) => uow.read((stores) => listConversions(stores, request.principal, request.query)),
  );
}

/** The workspace's postback: its settings, and its secret made anew. */
function registerPostbackSettings(app: TypeBoxApp, { uow, appUrl }: ConversionRoutesOptions): void {
  app.get(
    '/conversions/postback',
    {
      config,
      schema: {
        summary: 'The postback settings',
        description:
          "Whether the workspace has a postback secret, and the network's parameter names. The secret is shown " +
          'only when it is made (rotate it).',
        tags,
        response: { 200: PostbackSettingsSchema, ...errorResponses() },
      },
    },
    async (request) => uow.read((stores) => getPostbackSettings(stores, request.principal)),
  );

  app.put(
    '/conversions/postback',
    {
      config,
      schema: {
        summary: "Name the network's postback parameters",
        description:
          'Maps our parameters (click_id, amount, commission, currency, order_id, status) to the names your ' +
          'network sends, e.g. `{"click_id": "subid"}`; a parameter left out is read under its own name. Admins.',
        tags,
        body: UpdatePostbackBody,
        response: { 200: PostbackSettingsSchema, ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request) =>
      postbackResource(await uow.transact((work) => updatePostbackSettings(work, request.principal, request.body))),
  );

  app.post(
    '/conversions/postback/rotate',
    {
      config: { ...config, ability: 'update' },
      schema: {
        summary: 'Make a new postback secret',
        description:
          'Answers the new secret and the postback URL that carries it, once; the previous secret stops working ' +
          'at once. Admins.',
        tags,
        response: { 200: RotatedPostbackSchema, ...errorResponses() },
      },
    },
    async (request) => {
      const { endpoint, secret } = await uow.transact((work) => rotatePostbackSecret(work, request.principal));
      return { ...postbackResource(endpoint), secret, postback_url: `${appUrl}/postback/${secret}` };
    },
  );
}
