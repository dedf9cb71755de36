/**
 * The wallet QR code of one network and coin, large enough to scan off a screen, with a picker of the
 * sale's other options above it (a phone's wallet pays on one network in one coin: showing every
 * option's QR code at once made each too small to scan). The till remembers its cashier's pick as the
 * shop's preferred option; on the customer display the customer picks for this sale only.
 */
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentOptionCard } from './PaymentOptionCard.js';
import { chooseOption, optionKey, rememberOption } from './preferred-option.js';
import type { PaymentOption } from '../api-types.js';

/** Up to this many options, one pill each ("USDT on Ethereum"); more, grouped by coin. */
const GROUP_ABOVE = 4;

/** The options per coin, coins and networks in the order the session lists them. */
function byCoin(options: readonly PaymentOption[]): [string, PaymentOption[]][] {
  const groups = new Map<string, PaymentOption[]>();
  for (const o of options) groups.set(o.currency, [...(groups.get(o.currency) ?? []), o]);
  return [...groups];
}

/**
 * One option's radio pill: `text` is what it shows (the network alone inside a coin's row, else "USDT
 * on Ethereum"); what it is called is always the coin on the network, so a screen reader hears the
 * same in both layouts.
 */
function OptionPill({ option, group, chosen, onPick, text }: { option: PaymentOption; group: string; chosen: PaymentOption; onPick: (key: string) => void; text: string }) {
  const { t } = useTranslation('cashier');
  const key = optionKey(option);
  const late = option.delayed ? ` ${t('option.late')}` : '';
  return (
    <label className="wallet-pick">
      <input
        type="radio"
        name={group}
        checked={key === optionKey(chosen)}
        onChange={() => onPick(key)}
        aria-label={`${t('option.coinOnNetwork', { currency: option.currency, network: option.network_name })}${late}`}
      />
      {text}
      {option.delayed ? <span className="option-delayed-mark">{late}</span> : null}
    </label>
  );
}

/** `aside` goes beside the QR code on a wide screen (under the picker), below it on a narrow one. */
export function WalletChoice({
  options,
  qrSize,
  copy = true,
  remember = false,
  aside,
}: {
  options: readonly PaymentOption[];
  qrSize: number;
  copy?: boolean;
  remember?: boolean;
  aside?: ReactNode;
}) {
  const { t } = useTranslation('cashier');
  const name = useId();
  const [wanted, setWanted] = useState<string>();
  const chosen = chooseOption(options, wanted);
  if (!chosen) return null;
  const pick = (key: string) => {
    setWanted(key);
    if (remember) rememberOption(key);
  };
  return (
    <div className="wallet-choice">
      {options.length > GROUP_ABOVE ? (
        // Many options (every network on): a row per coin, each network once in it, so seven networks
        // stay a few short rows on a 1024×768 till rather than a long column of "USDT on …" pills.
        <fieldset className="wallet-picker wallet-picker-grouped">
          <legend>{t('option.payWith')}</legend>
          {byCoin(options).map(([currency, list]) => (
            <div key={currency} role="group" aria-label={currency} className="wallet-coin">
              <span className="wallet-coin-name" aria-hidden="true">
                {currency}
              </span>
              {list.map((o) => (
                <OptionPill key={optionKey(o)} option={o} group={name} chosen={chosen} onPick={pick} text={o.network_name} />
              ))}
            </div>
          ))}
        </fieldset>
      ) : options.length > 1 ? (
        <fieldset className="wallet-picker">
          <legend>{t('option.payWith')}</legend>
          {options.map((o) => (
            <OptionPill key={optionKey(o)} option={o} group={name} chosen={chosen} onPick={pick} text={t('option.coinOnNetwork', { currency: o.currency, network: o.network_name })} />
          ))}
        </fieldset>
      ) : null}
      <ul className="options wallet-chosen">
        <PaymentOptionCard key={optionKey(chosen)} option={chosen} qrSize={qrSize} copy={copy} />
      </ul>
      {aside ? <div className="wallet-aside">{aside}</div> : null}
    </div>
  );
}
