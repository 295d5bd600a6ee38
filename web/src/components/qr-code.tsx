import { useEffect, useState } from 'preact/hooks';
import QRCode from 'qrcode';

/** A QR code for a short link, shown as SVG and offered for download as SVG and PNG. */
export function QrCode({ url, name }: { url: string; name: string }) {
  const [svg, setSvg] = useState('');
  const [png, setPng] = useState('');
  useEffect(() => {
    void QRCode.toString(url, { type: 'svg', margin: 1 }).then(setSvg);
    // 512 pixels: large enough to print without blurring.
    void QRCode.toDataURL(url, { margin: 1, width: 512 }).then(setPng);
  }, [url]);
  return (
    <section class="qr">
      <h2>QR code</h2>
      <div class="qr-image" aria-label={`QR code for ${url}`} role="img" dangerouslySetInnerHTML={{ __html: svg }} />
      <p class="row">
        <a download={`${name}.svg`} href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}>
          Download SVG
        </a>
        <a download={`${name}.png`} href={png}>
          Download PNG
        </a>
      </p>
    </section>
  );
}
