/**
 * One way to pay a sale from a wallet (a network and a coin), as the till and the customer display
 * show it. The QR carries what the option says (`qr.content`): the wallet request (`uri`: EVM's
 * EIP-681, which a wallet turns into a ready transfer), or the bare deposit address where no URI
 * scans in every wallet (TRON: TronLink iOS rejects `tron:`). An address tells the wallet only where
 * to send, so the exact amount then leads, large, with copy buttons and a line saying it must be typed.
 * A Solana Pay request (an option with a `reference`) pays the shop's own wallet, the same for every
 * sale, and only its reference names this sale: the address is not shown (nor copied), since a
 * transfer typed by hand to it would not be matched, and the card says to scan.
 */
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../CopyButton.js';
import { coinAmount } from '../format.js';
import { QrCode } from '../QrCode.js';
import type { PaymentOption } from '../api-types.js';

/**
 * Said before the customer pays: the option's network is catching up (`delayed`), so a payment on it
 * shows late; it still counts. In the UI's language, not the API's English reason.
 */
function Delayed({ option }: { option: PaymentOption }) {
  const { t } = useTranslation('cashier');
  return option.delayed ? (
    <p className="option-delayed" role="note">
      {t('option.delayed', { network: option.network_name })}
    </p>
  ) : null;
}

export function PaymentOptionCard({ option: o, qrSize, copy = true }: { option: PaymentOption; qrSize: number; copy?: boolean }) {
  const { t } = useTranslation('cashier');
  const on = { currency: o.currency, network: o.network_name };
  const where = t('option.coinOnNetwork', on);
  if (o.qr.content === 'address') {
    const amount = coinAmount(o.amount_due);
    return (
      <li className="option option-address">
        <QrCode text={o.qr.payload} label={t('option.qrAddress', { network: o.network_name })} size={qrSize} />
        <div className="option-body">
          <Delayed option={o} />
          <p className="option-exact">
            <span className="option-exact-label">{t('option.sendExactly')}</span>{' '}
            <strong className="option-exact-amount">
              {amount} {o.currency}
            </strong>
            {copy ? <CopyButton text={amount} label={t('option.copyAmount', on)} /> : null}
          </p>
          <p className="option-network">
            {t('option.onNetwork', { network: o.network_name })} <span className="nowrap">({o.token_standard})</span>
          </p>
          <p className="option-address-line">
            <span className="address" title={t('option.depositAddress')}>
              {o.address}
            </span>
            {copy ? <CopyButton text={o.address} label={t('option.copyAddress', on)} /> : null}
          </p>
          <p className="option-hint">{t('option.addressOnly')}</p>
        </div>
      </li>
    );
  }
  if (o.reference) {
    return (
      <li className="option option-request">
        <QrCode text={o.qr.payload} label={t('option.qrSolanaPay', { amount: coinAmount(o.amount_due), ...on })} size={qrSize} />
        <div className="option-body">
          <Delayed option={o} />
          <p className="option-title">
            {where} <span className="muted nowrap">({o.token_standard})</span>
          </p>
          <p className="option-amount">
            {coinAmount(o.amount_due)} {o.currency}
          </p>
          <p className="option-hint">{t('option.solanaPayWallet')}</p>
          <p className="option-hint">{t('option.solanaScanOnly')}</p>
        </div>
      </li>
    );
  }
  return (
    <li className="option">
      <QrCode text={o.qr.payload} label={t('option.qrRequest', { amount: coinAmount(o.amount_due), ...on })} size={qrSize} />
      <div className="option-body">
        <Delayed option={o} />
        <p className="option-title">
          {where} <span className="muted nowrap">({o.token_standard})</span>
        </p>
        <p className="option-amount">
          {coinAmount(o.amount_due)} {o.currency}
        </p>
        <p className="address" title={t('option.depositAddress')}>
          {o.address}
        </p>
      </div>
    </li>
  );
}
