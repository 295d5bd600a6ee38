import { AppError, invalidField } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import { assertMay } from '../core/roles.ts';
import type { StoredQrLogo } from '../storage/qr-logos.kysely.ts';
import type { Stores } from '../storage/stores.ts';
import { audit } from './audit.ts';
import { reencodeLogo, type EncodedLogo } from './qr-logo-image.ts';
import type { Work } from './unit-of-work.ts';

/** The workspace's QR logo, for any member; 404 when it has none. */
export async function getQrLogo(stores: Stores, principal: Principal): Promise<StoredQrLogo> {
  const logo = await stores.qrLogos.find(principal.workspace.id);
  if (!logo) throw new AppError('not-found', 'This workspace has no QR logo.');
  return logo;
}

/** The logo a code asked to show one draws; a 422 on `logo` when the workspace has none. */
export async function logoForQrCode(stores: Stores, principal: Principal): Promise<StoredQrLogo> {
  const logo = await stores.qrLogos.find(principal.workspace.id);
  if (!logo) {
    throw invalidField('logo', 'This workspace has no QR logo: an admin uploads one first (PUT /workspace/qr-logo).');
  }
  return logo;
}

/**
 * The upload decoded and encoded anew, outside any transaction (it takes milliseconds of CPU): the
 * role is checked first, so a member's upload is refused before it costs a decode.
 */
export async function encodeQrLogo(principal: Principal, bytes: Uint8Array): Promise<EncodedLogo> {
  assertMay(principal.role, 'settings.manage');
  return reencodeLogo(bytes);
}

/** Sets the workspace's logo (admins and the owner), replacing the one it had. */
export async function setQrLogo(work: Work, principal: Principal, logo: EncodedLogo): Promise<StoredQrLogo> {
  assertMay(principal.role, 'settings.manage');
  const stored = await work.stores.qrLogos.save(principal.workspace.id, logo);
  await audit(work, principal, {
    action: 'workspace.qr_logo_set',
    resourceType: 'workspace',
    resourceId: principal.workspace.id,
  });
  return stored;
}

/** Removes the workspace's logo (admins and the owner); nothing to remove is no error. */
export async function removeQrLogo(work: Work, principal: Principal): Promise<void> {
  assertMay(principal.role, 'settings.manage');
  if (!(await work.stores.qrLogos.delete(principal.workspace.id))) return;
  await audit(work, principal, {
    action: 'workspace.qr_logo_removed',
    resourceType: 'workspace',
    resourceId: principal.workspace.id,
  });
}
