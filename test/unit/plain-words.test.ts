import i18n from 'i18next';
import { beforeAll, expect, test } from 'vitest';
import { defaultNS, resources } from '../../renderer/src/i18n/resources.js';
import { inPlainWords } from '../../renderer/src/plain-words.js';

// The app's catalogs, as renderer/src/i18n/index.ts loads them in the browser (which also reads the
// device's choice from localStorage; here the language is set directly).
beforeAll(async () => {
  await i18n.init({ resources, lng: 'en', fallbackLng: 'en', defaultNS, ns: Object.keys(resources.en), interpolation: { escapeValue: false }, initAsync: false });
});

test('an owner-only route refused to a cashier says so without naming the route', () => {
  const api = "Only an owner may do this (POST /v1/payment/sessions/:id/resolve); a cashier may create, follow and cancel payment sessions and see today's sessions.";
  expect(inPlainWords(api, 'role_forbidden')).toBe('Only an owner can do this. Ask an owner to sign in.');
  // Already plain: unchanged.
  expect(inPlainWords('Only an owner can switch between test and live mode.', 'role_forbidden')).toBe('Only an owner can switch between test and live mode.');
});

test('a field is named as the screen labels it, in the units the screen asks for', () => {
  expect(inPlainWords('Invalid settings.session_expiry_seconds: must be >= 60.', 'parameter_invalid', 'settings.session_expiry_seconds')).toBe(
    'Sessions expire after: must be from 1 to 1,440 minutes (24 hours).',
  );
  expect(inPlainWords('Invalid settings.monitoring_window_seconds: must be <= 604800.', 'parameter_invalid', 'settings.monitoring_window_seconds')).toBe(
    'Watch for late payments: must be from 0 to 168 hours (7 days).',
  );
  expect(inPlainWords('Invalid settings.time_zone: must be an IANA time zone such as "Europe/Berlin".', 'parameter_invalid', 'settings.time_zone')).toBe(
    'Time zone: must be an IANA time zone such as "Europe/Berlin".',
  );
  expect(inPlainWords('must be an IANA time zone such as "Europe/Berlin"', 'parameter_invalid', 'settings.time_zone')).toBe('Time zone: must be an IANA time zone such as "Europe/Berlin"');
  expect(inPlainWords('Missing required parameter: destination_address.', 'parameter_missing', 'destination_address')).toBe("The customer's address is required.");
});

test('amounts at the full scale of their currency are written as the app writes amounts', () => {
  expect(inPlainWords('Only 0.000000 USDT is available to convert (pending funds become available when they settle).', 'amount_too_large')).toBe(
    'Only 0.00 USDT is available to convert (pending funds become available when they settle).',
  );
  expect(inPlainWords('The session has 12.500000 USDC left to refund.', 'amount_too_large')).toBe('The session has 12.50 USDC left to refund.');
  expect(inPlainWords('Wrong name or PIN.', 'api_key_invalid')).toBe('Wrong name or PIN.');
});

test('in Spanish, the words the UI writes are Spanish and amounts are written as in Latin America; what it does not know stays as the API said it', async () => {
  await i18n.changeLanguage('es');
  try {
    const api = "Only an owner may do this (POST /v1/payment/sessions/:id/resolve); a cashier may create, follow and cancel payment sessions and see today's sessions.";
    expect(inPlainWords(api, 'role_forbidden')).toBe('Solo un propietario puede hacer esto. Pide a un propietario que inicie sesión.');
    expect(inPlainWords('Wrong name or PIN.', 'api_key_invalid')).toBe('Nombre o PIN incorrecto.');
    expect(inPlainWords('Too many wrong PINs: sign-in is locked for 60 s. Retry after the time in the Retry-After header.', 'rate_limited')).toBe(
      'Demasiados PIN incorrectos: el inicio de sesión está bloqueado por 60 s. Vuelve a intentarlo después.',
    );
    expect(inPlainWords('Invalid settings.session_expiry_seconds: must be >= 60.', 'parameter_invalid', 'settings.session_expiry_seconds')).toBe(
      'Las ventas vencen después de: debe ser de 1 a 1440 minutos (24 horas).',
    );
    expect(inPlainWords('Missing required parameter: destination_address.', 'parameter_missing', 'destination_address')).toBe('La dirección del cliente: este dato es obligatorio.');
    expect(inPlainWords('The session has 1234.500000 USDC left to refund.', 'amount_too_large')).toBe('The session has 1,234.50 USDC left to refund.');
    expect(inPlainWords('Only an owner can switch between test and live mode.', 'role_forbidden')).toBe('Only an owner can switch between test and live mode.');
  } finally {
    await i18n.changeLanguage('en');
  }
  expect(inPlainWords('Wrong name or PIN.', 'api_key_invalid')).toBe('Wrong name or PIN.');
});

test('a missing or wrong first-owner setup code says where the code comes from, without the API\'s command quoting', () => {
  const where = '"stablepos serve" prints it when it starts on a shop without an owner (the latest start\'s code works), and "stablepos users setup-code" prints a new one.';
  expect(inPlainWords(`Enter the setup code: ${where}`, 'parameter_missing', 'setup_code')).toBe('Enter the setup code that the app printed when it started.');
  expect(inPlainWords(`That setup code is not the current one: ${where}`, 'parameter_invalid', 'setup_code')).toBe(
    "That setup code does not work. Use the code printed by the app's latest start, or run stablepos users setup-code for a new one.",
  );
});
