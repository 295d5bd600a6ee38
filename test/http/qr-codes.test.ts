import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/core/roles.ts';
import { issueToken } from '../../src/services/tokens.ts';
import { apiRequest, useTestApp } from '../helpers/app.ts';
import { decodeImage, solidImage } from '../helpers/images.ts';

const t = useTestApp({ RATE_LIMIT_BUSINESS: '100000' }, { user: 'business' });

let link: { id: number; short_url: string };
beforeAll(async () => {
  link = (await t.api('POST', '/links', { redirect_url: 'https://example.com/qr' })).json();
});

const qr = (query: string, headers = t.headers) =>
  apiRequest(t.app, 'GET', `/links/${link.id}/qr${query}`, undefined, headers);
const putLogo = (body: Buffer | string, type: string, headers = t.headers) =>
  apiRequest(t.app, 'PUT', '/workspace/qr-logo', body, { ...headers, 'content-type': type });

/** A token of a new person with `role` in the default user's workspace. */
async function memberHeaders(role: Role): Promise<Record<string, string>> {
  const person = await t.user('free');
  const workspaceId = t.defaultUser.user.workspaceId;
  await t.ctx.uow.transact((work) =>
    work.stores.workspaces.insertMember({ workspaceId, userId: person.user.id, role }),
  );
  const { plaintext } = await t.ctx.uow.transact((work) =>
    issueToken(work, {
      userId: person.user.id,
      workspaceId,
      name: role,
      abilities: ['read', 'create', 'update', 'delete'],
    }),
  );
  return { authorization: `Bearer ${plaintext}`, accept: 'application/json' };
}

describe('GET /links/{id}/qr', () => {
  it('answers an SVG of the asked size and colours by default, with an ETag that makes a repeat 304', async () => {
    const res = await qr('?fg=%231D4ED8&bg=%23FEF3C7&size=300');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toMatch(/^<svg [^>]*width="300" height="300"/);
    expect(res.body).toContain('fill="#fef3c7"');
    expect(res.body).toContain('<path fill="#1d4ed8"');
    expect(res.body).not.toContain('<image');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await qr('?fg=%231D4ED8&bg=%23FEF3C7&size=300', { ...t.headers, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await qr('?fg=%231D4ED8&bg=%23FEF3C7&size=301', { ...t.headers, 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('draws the SVG as a scanner reads it: rendered, it decodes to the short URL', async () => {
    const svg = (await qr('?margin=4')).rawPayload;
    const image = await decodeImage(await sharp(svg).png().toBuffer());
    expect(image.width).toBe(512);
    expect(image.qrText()).toBe(link.short_url);
  });

  it('answers a real PNG of the asked size: fg on the finder pattern, bg in the quiet zone, and it scans', async () => {
    const res = await qr('?format=png&size=400&margin=2&fg=%23123456&bg=%23ffeedd&ec=L');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const image = await decodeImage(res.rawPayload);
    expect([image.width, image.height]).toEqual([400, 400]);
    expect(image.colourAt(2, 2)).toBe('#ffeedd');
    // The module count from the SVG's viewBox: the finder pattern's corner is the first module inside the margin.
    const total = Number(/viewBox="0 0 (\d+) /.exec((await qr('?margin=2&ec=L')).body)![1]);
    const module = 400 / total;
    expect(image.colourAt(Math.floor(2.5 * module), Math.floor(2.5 * module))).toBe('#123456');
    expect(image.qrText()).toBe(link.short_url);
  });

  it.each([
    ['fg too close to bg', '?fg=%23999999', 'fg', /contrast 2\.85:1/],
    ['a light code on a dark ground', '?fg=%23ffffff&bg=%23000000', 'fg', /darker/],
    ['a colour name', '?fg=black', 'fg', /format|match/],
    ['a short colour', '?bg=%23fff', 'bg', /./],
    ['a size below 128', '?size=127', 'size', /at least 128/],
    ['a size above 2048', '?size=2049', 'size', /2048/],
    ['a margin above 8', '?margin=9', 'margin', /8/],
    ['an unknown level', '?ec=X', 'ec', /./],
    ['an unknown format', '?format=gif', 'format', /./],
    ['L with a logo', '?logo=true&ec=L', 'ec', /Q or H/],
    ['a logo the workspace does not have', '?logo=true', 'logo', /no QR logo/],
    ['a logo flag that is no boolean', '?logo=maybe', 'logo', /true or false/],
  ])('refuses %s with a 422 on the field', async (_name, query, field, message) => {
    const res = await qr(query);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]?.[0]).toMatch(message);
  });

  it('is 404 for a missing link and 403 for another workspace’s link, whose code is never drawn', async () => {
    expect((await apiRequest(t.app, 'GET', '/links/999999999/qr', undefined, t.headers)).statusCode).toBe(404);
    expect((await apiRequest(t.app, 'GET', '/links/abc/qr', undefined, t.headers)).statusCode).toBe(404);
    const stranger = await t.user('business');
    const res = await qr('', stranger.headers);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('is drawn for a viewer (reading is enough) and refused without a token', async () => {
    expect((await qr('', await memberHeaders('viewer'))).statusCode).toBe(200);
    expect((await qr('', {})).statusCode).toBe(401);
  });
});

describe('the workspace QR logo', () => {
  it('is re-encoded on upload: a JPEG with EXIF comes back as a PNG within 256 pixels, metadata gone', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#dc2626' } })
      .withExif({ IFD0: { Copyright: 'secret-maker', Artist: 'someone' } })
      .jpeg()
      .toBuffer();
    expect(jpeg.includes('secret-maker')).toBe(true);
    const res = await putLogo(jpeg, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 256, height: 128 });
    const stored = await t.api('GET', '/workspace/qr-logo');
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/png');
    expect(stored.rawPayload.includes('secret-maker')).toBe(false);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['png', 256, 128, undefined]);
  });

  it('goes into the centre: the SVG embeds it, the PNG composites it, both still scan at Q and H', async () => {
    expect((await putLogo(await solidImage(200, 200, '#dc2626'), 'image/png')).statusCode).toBe(200);
    const svg = await qr('?logo=true');
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toMatch(/<image [^>]*href="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
    const plain = await decodeImage(
      await sharp((await qr('?ec=Q')).rawPayload)
        .png()
        .toBuffer(),
    );

    for (const ec of ['Q', 'H']) {
      const res = await qr(`?format=png&logo=true&ec=${ec}&size=600`);
      expect(res.statusCode, res.body).toBe(200);
      const image = await decodeImage(res.rawPayload);
      expect(image.colourAt(300, 300), ec).toBe('#dc2626');
      expect(image.qrText(), ec).toBe(link.short_url);
    }
    // Without the logo the centre is the code's own black or white.
    expect(['#000000', '#ffffff']).toContain(plain.colourAt(256, 256));
    const rendered = await decodeImage(await sharp(svg.rawPayload).png().toBuffer());
    expect(rendered.colourAt(256, 256)).toBe('#dc2626');
    expect(rendered.qrText()).toBe(link.short_url);
  });

  it('refuses a body over 512 KB (413), another type (415) and bytes that are no image (422)', async () => {
    const big = Buffer.concat([await solidImage(10, 10, '#000000'), Buffer.alloc(513 * 1024)]);
    expect((await putLogo(big, 'image/png')).statusCode).toBe(413);
    for (const type of ['text/plain', 'image/gif', 'image/svg+xml', 'application/json']) {
      const res = await putLogo(type === 'application/json' ? '{}' : 'GIF89a', type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message).toMatch(/image\/png/);
    }
    const svgAsPng = await putLogo('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/png');
    expect(svgAsPng.statusCode).toBe(422);
    expect(svgAsPng.json().errors.body[0]).toMatch(/PNG, JPEG or WebP/);
    const truncated = (await solidImage(64, 64, '#00ff00')).subarray(0, 60);
    expect((await putLogo(truncated, 'image/png')).statusCode).toBe(422);
  });

  it('refuses an image that declares more pixels than it may decode', async () => {
    // 5000 x 5000 of one colour compresses to a few KB: a decompression bomb in miniature.
    const bomb = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(512 * 1024);
    const res = await putLogo(bomb, 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.body[0]).toMatch(/could not be read/);
  });

  it('takes WebP too', async () => {
    const res = await putLogo(await solidImage(64, 32, '#2563eb', 'webp'), 'image/webp');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 64, height: 32 });
  });

  it('is changed by admins only: a member and a viewer are refused, and a viewer still reads it', async () => {
    const png = await solidImage(32, 32, '#16a34a');
    const viewer = await memberHeaders('viewer');
    const member = await memberHeaders('member');
    const admin = await memberHeaders('admin');
    expect((await putLogo(png, 'image/png', viewer)).statusCode).toBe(403);
    const refused = await putLogo(png, 'image/png', member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/QR logo/);
    expect((await apiRequest(t.app, 'DELETE', '/workspace/qr-logo', undefined, member)).statusCode).toBe(403);
    expect((await putLogo(png, 'image/png', admin)).statusCode).toBe(200);
    expect((await apiRequest(t.app, 'GET', '/workspace/qr-logo', undefined, viewer)).statusCode).toBe(200);
    const audit = (await t.api('GET', '/audit-log?action=workspace.qr_logo_set')).json().data;
    expect(audit.length).toBeGreaterThan(0);
  });

  it('is removed with DELETE: codes asking for it are then refused, and another workspace never had it', async () => {
    const stranger = await t.user('business');
    expect((await apiRequest(t.app, 'GET', '/workspace/qr-logo', undefined, stranger.headers)).statusCode).toBe(404);
    expect((await t.api('DELETE', '/workspace/qr-logo')).statusCode).toBe(204);
    expect((await t.api('DELETE', '/workspace/qr-logo')).statusCode).toBe(204);
    expect((await t.api('GET', '/workspace/qr-logo')).statusCode).toBe(404);
    expect((await qr('?logo=true')).statusCode).toBe(422);
  });
});
