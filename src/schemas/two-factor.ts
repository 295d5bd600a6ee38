import { Type, type Static } from 'typebox';

// The dashboard's own endpoints for two-factor sign-in and sessions (/dashboard-api): not part of
// the public API document. A code is 6 digits, typed with spaces perhaps; a recovery code is 16
// base32 characters, with dashes perhaps: both are checked by the service, within these bounds.
const Code = Type.String({ minLength: 1, maxLength: 16 });
const RecoveryCode = Type.String({ minLength: 1, maxLength: 32 });
const Password = Type.String({ minLength: 1, maxLength: 200 });

export const TwoFactorSetupBody = Type.Object({ password: Password }, { additionalProperties: false });

export const TwoFactorCodeBody = Type.Object({ code: Code }, { additionalProperties: false });

/** The password, and either a code of the app or a recovery code. */
export const TwoFactorDisableBody = Type.Object(
  { password: Password, code: Type.Optional(Code), recovery_code: Type.Optional(RecoveryCode) },
  { additionalProperties: false },
);

/** The challenge the password step answered, and either a code or a recovery code. */
export const SignInTwoFactorBody = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    code: Type.Optional(Code),
    recovery_code: Type.Optional(RecoveryCode),
    remember_device: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** A session as its person's list names it (src/dashboard/sessions.ts, sessionHandle). */
export const SessionParams = Type.Object(
  { id: Type.String({ minLength: 22, maxLength: 22, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);

export type TwoFactorSetupInput = Static<typeof TwoFactorSetupBody>;
export type TwoFactorCodeInput = Static<typeof TwoFactorCodeBody>;
export type TwoFactorDisableInput = Static<typeof TwoFactorDisableBody>;
export type SignInTwoFactorInput = Static<typeof SignInTwoFactorBody>;
