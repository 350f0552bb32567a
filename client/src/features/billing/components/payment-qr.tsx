import { useEffect, useState } from 'react';
import { paymentUri } from '../lib/payment-uri';
import { useBillingTexts } from '../texts';

/** The address (with the amount, where the currency's URI carries one) as a QR code for a phone wallet. */
export function PaymentQr({ currency, address, amount }: { currency: string; address: string; amount: string | null }) {
  const text = paymentUri(currency, address, amount);
  const [src, setSrc] = useState<string | null>(null);
  const { t } = useBillingTexts();
  useEffect(() => {
    let live = true;
    // Loaded with the invoice page only: no other page carries the QR library.
    void import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 224, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div className="flex h-56 w-56 shrink-0 items-center justify-center rounded-xl border border-slate-200 bg-white p-2">
      {src ? (
        <img src={src} width={208} height={208} alt={t(amount ? 'qrAltWithAmount' : 'qrAlt', { currency })} data-testid="payment-qr" />
      ) : (
        <span className="text-xs text-slate-500">{t('qrLoading')}</span>
      )}
    </div>
  );
}
