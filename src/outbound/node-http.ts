import { createRequire } from 'node:module';

// `node:http` taken through require(), never `import ... from 'node:http'` (types excepted). An ES
// module import builds the module's ESM facade, which reads every export, and three of them
// (WebSocket, CloseEvent, MessageEvent) are getters that load Node's bundled undici: 760 kB of
// source compiled into a thread that never uses it (2.4 MB of heap in a bare process, about 1 MB
// of the service's old generation). require() hands over the same module without touching those
// getters. src/architecture.test.ts keeps it that way.
export const http: typeof import('node:http') = createRequire(import.meta.url)('node:http');
