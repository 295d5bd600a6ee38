import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isRememberedDevice, REMEMBER_DEVICE_MS, rememberedDeviceValue } from '../core/remembered-device.ts';
import type { DeviceBinding } from '../services/sign-in.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';

export const DEVICE_COOKIE = 'hoplink_device';
/** The cookie goes only with sign-ins (`/signin` and `/signin/two-factor`), never with other requests. */
const DEVICE_COOKIE_PATH = '/dashboard-api/signin';
/** The name of the HMAC key in `server_keys` (docs/decisions/remembered-device-key.md). */
const KEY_NAME = 'remembered-devices';

/**
 * Browsers that passed the second factor and asked to be remembered: for 30 days their sign-ins
 * skip it, while the account's password and enrolment stay what they were (core/remembered-device.ts).
 */
export class RememberedDevices {
  readonly #key: Buffer;
  readonly #secure: boolean;

  constructor(key: Buffer, appUrl: string) {
    this.#key = key;
    this.#secure = appUrl.startsWith('https:');
  }

  /** The key made once and kept in the database: the same for every instance, and across restarts. */
  static async load(uow: UnitOfWork, appUrl: string): Promise<RememberedDevices> {
    const candidate = randomBytes(32).toString('base64url');
    const now = new Date().toISOString();
    const key = await uow.transact(({ stores }) => stores.serverKeys.get({ name: KEY_NAME, candidate, now }));
    return new RememberedDevices(Buffer.from(key, 'base64url'), appUrl);
  }

  remembers(request: FastifyRequest, binding: DeviceBinding, now = Date.now()): boolean {
    return isRememberedDevice(this.#key, request.cookies[DEVICE_COOKIE], binding, now);
  }

  remember(reply: FastifyReply, binding: DeviceBinding, now = Date.now()): void {
    reply.setCookie(DEVICE_COOKIE, rememberedDeviceValue(this.#key, binding, now), {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.#secure,
      path: DEVICE_COOKIE_PATH,
      maxAge: REMEMBER_DEVICE_MS / 1000,
    });
  }
}
