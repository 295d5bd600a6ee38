/** An error next to what failed, announced at once (role="alert"); nothing when there is no error. */
export function ErrorMessage({ error }: { error: string | undefined }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}
