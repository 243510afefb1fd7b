import { useEffect, useState } from 'react';

/**
 * A QR code of `text`, drawn by the `qrcode` package, which is imported only when a code is shown (the
 * widget's first paint does not carry it). Nothing shows until it is drawn or when drawing fails.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setUrl(null);
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 184, errorCorrectionLevel: 'M' }))
      .then((data) => live && setUrl(data))
      .catch((error: unknown) => console.warn('[tradekit] QR code not drawn', error));
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div className="tk-deposit__qr" part="qr">
      {url ? <img src={url} width={184} height={184} alt={label} data-testid="deposit-qr" /> : null}
    </div>
  );
}
