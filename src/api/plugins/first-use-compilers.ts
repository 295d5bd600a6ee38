import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's route validators and serializers, compiled on first use (api/app.ts). */
    firstUseCompilers: FirstUseCompilers;
  }
}

type Validator = ((data: unknown) => unknown) & { errors?: unknown };
type Serializer = (data: unknown) => string;

/**
 * Each route's validators and response serializers, compiled at the route's first request instead
 * of at start. Generated up front for every route, their code was 11 MB of a started service's
 * memory, most of it for routes a given instance rarely or never serves
 * (docs/decisions/schemas-compiled-on-first-use.md). `compileAll` compiles what is still waiting,
 * so a test can show that every schema compiles, as start-up did.
 */
export class FirstUseCompilers {
  readonly #waiting = new Set<() => void>();

  /** For `setValidatorCompiler`: `compile` is the validator the route would have had. */
  validatorCompiler(compile: FastifySchemaCompiler<FastifySchema>): FastifySchemaCompiler<FastifySchema> {
    return (route) => {
      let compiled: Validator | undefined;
      const build = () => {
        compiled ??= compile(route) as Validator;
        this.#waiting.delete(build);
        return compiled;
      };
      this.#waiting.add(build);
      const validate: Validator = (data) => {
        const inner = compiled ?? build();
        const result = inner(data);
        validate.errors = inner.errors; // Fastify reads a failed check's errors off the function it called
        return result;
      };
      return validate as ReturnType<FastifySchemaCompiler<FastifySchema>>;
    };
  }

  /** For Fastify's `schemaController.compilersFactory.buildSerializer`: fast-json-stringify's, deferred. */
  readonly serializerFactory: SerializerFactory = (externalSchemas, options) => {
    const compile = SerializerSelector()(externalSchemas, options);
    return (route) => {
      let compiled: Serializer | undefined;
      const build = () => {
        compiled ??= compile(route);
        this.#waiting.delete(build);
        return compiled;
      };
      this.#waiting.add(build);
      return (data) => (compiled ?? build())(data);
    };
  };

  /** How many of the routes' validators and serializers have not been compiled yet. */
  get waiting(): number {
    return this.#waiting.size;
  }

  /** Compiles every one still waiting; throws the first schema that does not compile. */
  compileAll(): void {
    for (const build of [...this.#waiting]) build();
  }
}
