import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Cloudflare's custom-hostname endpoints, with the documented envelope, on loopback. */
export async function startFakeCloudflare(token: string, zoneId: string) {
  const hostnames = new Map<string, { id: string; hostname: string; status: string; ssl: { status: string } }>();
  let nextId = 1;
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const ok = (result: unknown) => send(200, { success: true, errors: [], messages: [], result });
    const fail = (status: number, code: number, message: string) =>
      send(status, { success: false, errors: [{ code, message }], messages: [], result: null });
    if (req.headers.authorization !== `Bearer ${token}`) return fail(403, 10000, 'Authentication error');
    const url = new URL(req.url!, 'http://x');
    const prefix = `/client/v4/zones/${zoneId}/custom_hostnames`;
    if (!url.pathname.startsWith(prefix)) return fail(404, 7003, 'Could not route');
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const id = url.pathname.slice(prefix.length + 1);
      if (req.method === 'POST' && !id) {
        const { hostname } = JSON.parse(body);
        if ([...hostnames.values()].some((h) => h.hostname === hostname))
          return fail(409, 1406, 'Duplicate custom hostname found.');
        const record = { id: `ch_${nextId++}`, hostname, status: 'pending', ssl: { status: 'pending_validation' } };
        hostnames.set(record.id, record);
        return ok(record);
      }
      if (req.method === 'GET' && !id)
        return ok([...hostnames.values()].filter((h) => h.hostname === url.searchParams.get('hostname')));
      if (req.method === 'DELETE' && id) {
        if (!hostnames.delete(id)) return fail(404, 1436, 'Custom hostname not found');
        return ok({ id });
      }
      return fail(405, 10405, 'Method not allowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    hostnames,
    activate(hostname: string) {
      for (const h of hostnames.values())
        if (h.hostname === hostname) Object.assign(h, { status: 'active', ssl: { status: 'active' } });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
