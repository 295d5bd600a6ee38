import { Type, type Static } from 'typebox';
import { ABILITIES } from '../core/plans.ts';

/** The dashboard's own endpoints (/dashboard-api): not part of the public API document. */
export const Credentials = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320 }),
    password: Type.String({ minLength: 8, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const CreateTokenBody = Type.Object(
  {
    // `\\S`: not blank (errors.ts says "required"); the name is stored trimmed.
    name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
    abilities: Type.Array(Type.Enum(ABILITIES), {
      minItems: 1,
      maxItems: ABILITIES.length,
    }),
  },
  { additionalProperties: false },
);

export const SettingsBody = Type.Object(
  {
    localize_default: Type.Boolean({
      description: 'Business: links that do not say otherwise send visitors to their own storefront.',
    }),
  },
  { additionalProperties: false },
);

/** The same length rules as sign-up's password; the breached-password check is the service's. */
export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 200 }),
    new_password: Type.String({ minLength: 8, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export type CredentialsInput = Static<typeof Credentials>;
export type CreateTokenInput = Static<typeof CreateTokenBody>;
export type ChangePasswordInput = Static<typeof ChangePasswordBody>;

export const CreateWorkspaceBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    slug: Type.Optional(Type.String({ minLength: 1, maxLength: 48 })),
  },
  { additionalProperties: false },
);

/** An invitation's token, from the link it was sent as. */
export const InvitationTokenBody = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);

/** Deleting a workspace: its name, typed again. */
export const DeleteWorkspaceBody = Type.Object(
  { confirm: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
/** A link's token from an account email: 43 characters of base64url, a little room around them. */
const AccountToken = Type.String({ minLength: 1, maxLength: 100 });

export const ForgotPasswordBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 320 }) },
  { additionalProperties: false },
);

/** The same length rules as sign-up's password; the breached-password check is the service's. */
export const ResetPasswordBody = Type.Object(
  { token: AccountToken, new_password: Type.String({ minLength: 8, maxLength: 200 }) },
  { additionalProperties: false },
);

export const VerifyEmailBody = Type.Object({ token: AccountToken }, { additionalProperties: false });

export type ForgotPasswordInput = Static<typeof ForgotPasswordBody>;
export type ResetPasswordInput = Static<typeof ResetPasswordBody>;
export type VerifyEmailInput = Static<typeof VerifyEmailBody>;
