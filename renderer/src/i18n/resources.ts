/**
 * Every text of the UI, per language and namespace (one namespace per screen folder, `common` for
 * what several share). English is the reference: the Spanish catalog must have exactly its keys and
 * placeholders (test/unit/i18n-catalogs.test.ts), and `t()` keys are type-checked against English
 * (i18next.d.ts), so a missing or misspelt key does not compile.
 */
import enCashier from './en/cashier.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enDeposits from './en/deposits.json' with { type: 'json' };
import enDisplay from './en/display.json' with { type: 'json' };
import enStatus from './en/status.json' with { type: 'json' };
import esCashier from './es/cashier.json' with { type: 'json' };
import esCommon from './es/common.json' with { type: 'json' };
import esDeposits from './es/deposits.json' with { type: 'json' };
import esDisplay from './es/display.json' with { type: 'json' };
import esStatus from './es/status.json' with { type: 'json' };
import enBalances from './en/balances.json' with { type: 'json' };
import esBalances from './es/balances.json' with { type: 'json' };
import enRefunds from './en/refunds.json' with { type: 'json' };
import esRefunds from './es/refunds.json' with { type: 'json' };
import enSettings from './en/settings.json' with { type: 'json' };
import esSettings from './es/settings.json' with { type: 'json' };
import enTransactions from './en/transactions.json' with { type: 'json' };
import esTransactions from './es/transactions.json' with { type: 'json' };
import enShifts from './en/shifts.json' with { type: 'json' };
import enDay from './en/day.json' with { type: 'json' };
import esDay from './es/day.json' with { type: 'json' };
import esShifts from './es/shifts.json' with { type: 'json' };
import enWebhooks from './en/webhooks.json' with { type: 'json' };
import esWebhooks from './es/webhooks.json' with { type: 'json' };

export const resources = {
  en: {
    common: enCommon,
    cashier: enCashier,
    display: enDisplay,
    status: enStatus,
    deposits: enDeposits,
    balances: enBalances,
    refunds: enRefunds,
    settings: enSettings,
    transactions: enTransactions,
    webhooks: enWebhooks,
    shifts: enShifts,
    day: enDay,
  },
  es: {
    common: esCommon,
    cashier: esCashier,
    display: esDisplay,
    status: esStatus,
    deposits: esDeposits,
    balances: esBalances,
    refunds: esRefunds,
    settings: esSettings,
    transactions: esTransactions,
    webhooks: esWebhooks,
    shifts: esShifts,
    day: esDay,
  },
} as const;

export const defaultNS = 'common';
