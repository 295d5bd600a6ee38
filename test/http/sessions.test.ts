import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { dashboardClient, sessionOf, type DashboardSession } from '../helpers/dashboard.ts';

// A person's dashboard sessions: listed with the device and address each signed in from, ended
// one at a time (never another person's), or all at once.
const t = useTestApp();
const d = dashboardClient(() => t.app, 'sessions');

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 ' +
  '(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const list = (session: DashboardSession) => d.call('GET', '/sessions', { session });
const end = (session: DashboardSession, id: string) => d.call('DELETE', `/sessions/${id}`, { session });

/** A person signed up on Firefox, then signed in from an iPhone elsewhere: both sessions. */
async function personOnTwoDevices() {
  const person = await d.signUp({ 'user-agent': FIREFOX_ON_LINUX });
  const phone = await d.call('POST', '/signin', {
    payload: { email: person.email, password: 'a good long password' },
    remoteAddress: '203.0.113.77',
    headers: { 'user-agent': SAFARI_ON_IPHONE },
  });
  expect(phone.statusCode, phone.body).toBe(200);
  return { ...person, laptop: person.session, phone: sessionOf(phone) };
}

describe('listing the sessions', () => {
  it('shows each session with its device, address, start and last use; the one asking is current', async () => {
    const person = await personOnTwoDevices();
    const res = await list(person.laptop);
    expect(res.statusCode).toBe(200);
    const sessions = res.json().data;
    expect(sessions).toHaveLength(2);
    // Newest first: the phone signed in after the sign-up.
    expect(sessions[0]).toMatchObject({
      browser: 'safari',
      os: 'ios',
      device: 'mobile',
      user_agent: SAFARI_ON_IPHONE,
      ip_address: '203.0.113.77',
      current: false,
    });
    expect(sessions[1]).toMatchObject({
      browser: 'firefox',
      os: 'linux',
      device: 'desktop',
      ip_address: person.remoteAddress,
      current: true,
    });
    for (const session of sessions) {
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(session.created_at)).not.toBeNaN();
      expect(Date.parse(session.last_seen_at)).not.toBeNaN();
    }
    // The list never shows the stored id (the hash the cookie is looked up by).
    const stored = await t.ctx.database.db.selectFrom('sessions').select('id').execute();
    expect(stored.some((row) => JSON.stringify(sessions).includes(row.id))).toBe(false);
    // From the phone, the phone is the current one.
    const fromPhone = (await list(person.phone)).json().data;
    expect(fromPhone.map((s: { current: boolean }) => s.current)).toEqual([true, false]);
  });

  it('shows no device for a session that did not say', async () => {
    const person = await d.signUp({ 'user-agent': '' });
    const [session] = (await list(person.session)).json().data;
    expect(session).toMatchObject({ browser: null, os: null, device: null, user_agent: null });
  });

  it('keeps the first 512 characters of a longer user agent', async () => {
    const long = `${FIREFOX_ON_LINUX} ${'x'.repeat(600)}`;
    const person = await d.signUp({ 'user-agent': long });
    const [session] = (await list(person.session)).json().data;
    expect(session.user_agent).toBe(long.slice(0, 512));
    expect(session.browser).toBe('firefox');
  });

  it('needs a session', async () => {
    expect((await d.call('GET', '/sessions')).statusCode).toBe(401);
  });
});

describe('ending one session', () => {
  it('signs that device out and leaves this one signed in', async () => {
    const person = await personOnTwoDevices();
    const phone = (await list(person.laptop)).json().data.find((s: { current: boolean }) => !s.current);
    const res = await end(person.laptop, phone.id);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'hoplink_session')).toBeUndefined();
    expect((await d.me(person.phone)).statusCode).toBe(401);
    expect((await d.me(person.laptop)).statusCode).toBe(200);
    expect((await list(person.laptop)).json().data).toHaveLength(1);
    expect((await end(person.laptop, phone.id)).statusCode).toBe(404);
  });

  it('signs this browser out when it is the current one, clearing its cookie', async () => {
    const person = await personOnTwoDevices();
    const current = (await list(person.laptop)).json().data.find((s: { current: boolean }) => s.current);
    const res = await end(person.laptop, current.id);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'hoplink_session')?.value).toBe('');
    expect((await d.me(person.laptop)).statusCode).toBe(401);
    expect((await d.me(person.phone)).statusCode).toBe(200);
  });

  it("answers 404 for another person's session, which goes on", async () => {
    const person = await personOnTwoDevices();
    const other = await d.signUp();
    const [theirs] = (await list(other.session)).json().data;
    const res = await end(person.laptop, theirs.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such session.');
    expect((await d.me(other.session)).statusCode).toBe(200);
    expect((await list(person.laptop)).json().data).toHaveLength(2);
  });

  it('answers 404 for an unknown id and 422 for one that cannot be an id', async () => {
    const person = await d.signUp();
    expect((await end(person.session, 'A'.repeat(22))).statusCode).toBe(404);
    expect((await end(person.session, 'not an id')).statusCode).toBe(422);
    expect((await end(person.session, 'A'.repeat(23))).statusCode).toBe(422);
  });

  it('needs the CSRF token', async () => {
    const person = await personOnTwoDevices();
    const [first] = (await list(person.laptop)).json().data;
    const forged = await d.call('DELETE', `/sessions/${first.id}`, {
      headers: { cookie: person.laptop.cookie, 'x-csrf-token': 'not-the-token' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await list(person.laptop)).json().data).toHaveLength(2);
  });
});

describe('signing out everywhere', () => {
  it('still ends every session, this one included', async () => {
    const person = await personOnTwoDevices();
    const res = await d.call('POST', '/signout-everywhere', { session: person.laptop });
    expect(res.statusCode).toBe(204);
    expect((await d.me(person.laptop)).statusCode).toBe(401);
    expect((await d.me(person.phone)).statusCode).toBe(401);
  });
});
