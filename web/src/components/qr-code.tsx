import { useEffect, useState } from 'preact/hooks';
import { QR_LEVELS, type QrLevel } from '../../../src/core/qr-style.ts';
import { hasQrLogo, linkQrUrl } from '../lib/api.ts';
import { can } from '../lib/permissions.ts';
import {
  colourMessage,
  DEFAULT_QR_OPTIONS,
  LEVEL_NAMES,
  levelTakesLogo,
  QR_MARGINS,
  QR_SIZES,
  withLogo,
  type QrOptions,
} from '../lib/qr-options.ts';
import type { Announce } from '../lib/toast.ts';
import type { Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { ErrorMessage } from './error-message.tsx';
import { QrLogoControl } from './qr-logo-control.tsx';

interface Props {
  linkId: number;
  url: string;
  /** The downloads' file name, without its extension. */
  name: string;
  me: Me;
  announce: Announce;
}

/** How long the preview waits after the last change (a colour picker's drag fires many) before asking again. */
const PREVIEW_DELAY_MS = 250;

/**
 * A link's QR code: colours, size, error correction, quiet zone and the workspace's logo; a preview and
 * the downloads, all drawn by the API (GET /links/{id}/qr), so what is seen is what a script would get.
 */
export function QrCode({ linkId, url, name, me, announce }: Props) {
  const [options, setOptions] = useState<QrOptions>(DEFAULT_QR_OPTIONS);
  const [shown, setShown] = useState<QrOptions>(DEFAULT_QR_OPTIONS);
  const [logoVersion, setLogoVersion] = useState(0);
  const logo = useData((signal) => hasQrLogo(signal), [logoVersion]);
  const hasLogo = logo.data === true;
  const problem = colourMessage(options);

  // The preview follows the form once it has settled, and never to colours the API would refuse.
  useEffect(() => {
    if (problem) return;
    const timer = setTimeout(() => setShown(options), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [options, problem]);
  // A logo removed (here or elsewhere) takes the logo out of the code asked for.
  useEffect(() => {
    if (logo.data === false && options.logo) setOptions((o) => withLogo(o, false));
  }, [logo.data]);

  const ready = !problem && shown === options;
  return (
    <section class="qr" aria-labelledby="qr-heading">
      <h2 id="qr-heading">QR code</h2>
      <div class="qr-layout">
        <QrForm
          options={options}
          onChange={setOptions}
          problem={problem}
          hasLogo={hasLogo}
          admin={can(me, 'settings.manage')}
        />
        <div class="qr-result">
          <QrPreview src={linkQrUrl(linkId, shown, 'svg')} url={url} stale={!ready} />
          {/* The downloads are the code the preview shows: what is seen is what is saved. */}
          <p class="row qr-downloads">
            <a class="button" download={`${name}.svg`} href={linkQrUrl(linkId, shown, 'svg')}>
              Download SVG
            </a>
            <a class="button" download={`${name}.png`} href={linkQrUrl(linkId, shown, 'png')}>
              Download PNG
            </a>
          </p>
        </div>
      </div>
      <ErrorMessage error={logo.error} />
      <QrLogoControl
        admin={can(me, 'settings.manage')}
        hasLogo={hasLogo}
        version={logoVersion}
        announce={announce}
        onChanged={() => setLogoVersion((v) => v + 1)}
      />
    </section>
  );
}

interface FormProps {
  options: QrOptions;
  onChange: (options: QrOptions) => void;
  problem: string | undefined;
  hasLogo: boolean;
  admin: boolean;
}

/** The code's options; each change is a new preview. */
function QrForm({ options, onChange, problem, hasLogo, admin }: FormProps) {
  const set = (changes: Partial<QrOptions>) => onChange({ ...options, ...changes });
  const value = (event: Event) => (event.currentTarget as HTMLInputElement | HTMLSelectElement).value;
  return (
    <form class="qr-options" aria-label="QR code options" onSubmit={(e) => e.preventDefault()}>
      <div class="row qr-colours">
        <div class="field">
          <label for="qr-fg">Foreground</label>
          <input
            id="qr-fg"
            type="color"
            value={options.fg}
            onInput={(e) => set({ fg: value(e) })}
            aria-invalid={problem !== undefined}
            aria-describedby="qr-colour-problem"
          />
        </div>
        <div class="field">
          <label for="qr-bg">Background</label>
          <input
            id="qr-bg"
            type="color"
            value={options.bg}
            onInput={(e) => set({ bg: value(e) })}
            aria-invalid={problem !== undefined}
            aria-describedby="qr-colour-problem"
          />
        </div>
      </div>
      <p id="qr-colour-problem" class="field-error error" role="status">
        {problem ?? ''}
      </p>
      <div class="row">
        <div class="field">
          <label for="qr-size">Size (pixels)</label>
          <select id="qr-size" value={options.size} onChange={(e) => set({ size: Number(value(e)) })}>
            {QR_SIZES.map((size) => (
              <option key={size} value={size}>
                {size} × {size}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="qr-margin">Quiet zone (modules)</label>
          <select id="qr-margin" value={options.margin} onChange={(e) => set({ margin: Number(value(e)) })}>
            {QR_MARGINS.map((margin) => (
              <option key={margin} value={margin}>
                {margin}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="qr-ec">Error correction</label>
          <select
            id="qr-ec"
            value={options.ec}
            onChange={(e) => set({ ec: value(e) as QrLevel })}
            aria-describedby="qr-ec-hint"
          >
            {QR_LEVELS.map((level) => (
              <option key={level} value={level} disabled={options.logo && !levelTakesLogo(level)}>
                {LEVEL_NAMES[level]}
              </option>
            ))}
          </select>
          <span id="qr-ec-hint" class="hint">
            Higher levels survive more damage and make a denser code.
          </span>
        </div>
      </div>
      <div class="field">
        <label class="check">
          <input
            type="checkbox"
            checked={options.logo}
            disabled={!hasLogo}
            aria-describedby="qr-logo-hint"
            onChange={(e) => onChange(withLogo(options, (e.currentTarget as HTMLInputElement).checked))}
          />
          Logo in the centre
        </label>
        <span id="qr-logo-hint" class="hint">
          {hasLogo
            ? 'The workspace’s logo covers at most a fifth of the code’s width; it needs error correction Q or H.'
            : `This workspace has no logo yet${admin ? ': upload one below.' : '; an admin can upload one.'}`}
        </span>
      </div>
    </form>
  );
}

/** The code as the API draws it; dimmed while the form holds changes the preview does not show yet. */
function QrPreview({ src, url, stale }: { src: string; url: string; stale: boolean }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  return (
    <>
      <figure class={`qr-preview${stale ? ' stale' : ''}`} aria-busy={stale}>
        <img
          src={src}
          alt={`QR code for ${url}`}
          width={240}
          height={240}
          data-testid="qr-preview"
          onError={() => setFailed(true)}
        />
      </figure>
      {failed && (
        <p class="error" role="alert">
          The code could not be drawn. Try again in a moment.
        </p>
      )}
    </>
  );
}
