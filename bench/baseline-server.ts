// The yardstick: the least a Node HTTP server can do per redirect (a constant 302).
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 0);
createServer((_req, res) => {
  res.writeHead(302, { Location: 'https://example.com/', 'Cache-Control': 'private, no-store', 'Content-Length': '0' });
  res.end();
}).listen(port, '127.0.0.1', () => process.send?.('ready'));
