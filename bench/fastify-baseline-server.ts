// The ceiling of a Fastify edge: the same constant 302 as baseline-server.ts, through Fastify's
// routing, hooks and reply. Measured beside node:http to choose the edge's server by numbers.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/*', (_request, reply) => {
  reply
    .code(302)
    .headers({ Location: 'https://example.com/', 'Cache-Control': 'private, no-store', 'Content-Length': '0' })
    .send();
});
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
