/**
 * PIN sign-in and the first owner's setup. The PIN is typed on the keyboard or tapped on the keypad
 * (buttons, so also reachable with Tab and Enter); digits typed while a keypad button has focus go
 * to the PIN too.
 */
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ApiData, StaffMember } from './api-types.js';
import { useAuth } from './auth.js';
import { bridge } from './bridge.js';
import { LanguagePicker } from './LanguagePicker.js';
import { useApi } from './use-api.js';

const MAX_PIN = 12;
const digitsOnly = (s: string) => s.replace(/\D/g, '').slice(0, MAX_PIN);

function Keypad({ onDigit, onDelete, onClear }: { onDigit: (d: string) => void; onDelete: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="keypad" role="group" aria-label={t('signIn.keypad')}>
      {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => (
        <button key={d} type="button" onClick={() => onDigit(d)}>
          {d}
        </button>
      ))}
      <button type="button" className="secondary" onClick={onClear}>
        {t('signIn.clear')}
      </button>
      <button type="button" onClick={() => onDigit('0')}>
        0
      </button>
      <button type="button" className="secondary" aria-label={t('signIn.deleteDigit')} onClick={onDelete}>
        ⌫
      </button>
    </div>
  );
}

/** Digits and Backspace pressed on the keypad's buttons (not in a field) edit the PIN. */
function keypadKeys(e: KeyboardEvent, edit: (f: (pin: string) => string) => void) {
  if (e.target instanceof HTMLInputElement) return;
  if (/^\d$/.test(e.key)) {
    e.preventDefault();
    edit((p) => digitsOnly(p + e.key));
  } else if (e.key === 'Backspace') {
    e.preventDefault();
    edit((p) => p.slice(0, -1));
  }
}

function PinField({ label, value, onChange, onFocus }: { label: string; value: string; onChange: (v: string) => void; onFocus?: () => void }) {
  return (
    <label>
      {label}
      <input
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(digitsOnly(e.target.value))}
        onFocus={onFocus}
        required
        minLength={4}
        maxLength={MAX_PIN}
      />
    </label>
  );
}

/** The shop's staff, for the picker; empty until loaded, or when the list cannot be read (names are typed then). */
function useStaff(): StaffMember[] {
  return useApi<ApiData<'getUiStaff'>>('/v1/ui/staff').data?.items ?? [];
}

export function SignIn() {
  const { t } = useTranslation();
  const { signIn, busy, message } = useAuth();
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const errorId = useId();
  const staff = useStaff();
  const pinRef = useRef<HTMLDivElement>(null);
  // A tap on a name picks it and moves on to the PIN, as on a till's lock screen.
  const pick = (member: StaffMember) => {
    setName(member.name);
    setPin('');
    pinRef.current?.querySelector('input')?.focus();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void signIn(name.trim(), pin).then(() => setPin(''));
  };
  return (
    <form className="signin pin-form" onSubmit={submit} onKeyDown={(e) => keypadKeys(e, setPin)} aria-labelledby="signin-title" aria-describedby={message ? errorId : undefined}>
      <h2 id="signin-title">{t('signIn.title')}</h2>
      <LanguagePicker />
      {staff.length > 0 ? (
        <div className="staff-picker" role="group" aria-label={t('signIn.whoIsSigningIn')}>
          {staff.map((m) => (
            <button key={m.name} type="button" className={m.name === name ? 'staff picked' : 'staff secondary'} aria-pressed={m.name === name} onClick={() => pick(m)}>
              {m.name}
              <span className="role">{t(`roles.${m.role}`)}</span>
            </button>
          ))}
        </div>
      ) : null}
      <label>
        {t('signIn.name')}
        <input autoComplete="username" value={name} onChange={(e) => setName(e.target.value)} required maxLength={40} autoFocus={staff.length === 0} />
      </label>
      <div ref={pinRef}>
        <PinField label={t('signIn.pin')} value={pin} onChange={setPin} />
      </div>
      <Keypad onDigit={(d) => setPin((p) => digitsOnly(p + d))} onDelete={() => setPin((p) => p.slice(0, -1))} onClear={() => setPin('')} />
      {message ? (
        <p role="alert" id={errorId} className="error">
          {message}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {t('signIn.submit')}
      </button>
    </form>
  );
}

export function FirstOwner() {
  const { t } = useTranslation();
  const { setup, busy, message } = useAuth();
  // The desktop app's own window proves itself with its per-launch token; a browser needs the code.
  const needsCode = bridge()?.uiToken === undefined;
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [target, setTarget] = useState<'pin' | 'confirm'>('pin');
  const [mismatch, setMismatch] = useState(false);
  const edit = (f: (p: string) => string) => (target === 'pin' ? setPin(f) : setConfirm(f));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pin !== confirm) return setMismatch(true);
    setMismatch(false);
    void setup(name.trim(), pin, needsCode ? code.trim() : undefined);
  };
  const problem = mismatch ? t('setup.mismatch') : message;
  return (
    <form className="signin pin-form" onSubmit={submit} onKeyDown={(e) => keypadKeys(e, edit)} aria-labelledby="setup-title">
      <h2 id="setup-title">{t('setup.title')}</h2>
      <LanguagePicker />
      <p className="muted">
        <Trans t={t} i18nKey="setup.intro" components={{ code: <code /> }} />
      </p>
      {needsCode ? (
        <>
          <p className="muted" id="setup-code-help">
            <Trans t={t} i18nKey="setup.codeHelp" components={{ code: <code /> }} />
          </p>
          <label>
            {t('setup.code')}
            <input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
              maxLength={64}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby="setup-code-help"
              autoFocus
            />
          </label>
        </>
      ) : null}
      <label>
        {t('signIn.name')}
        <input autoComplete="username" value={name} onChange={(e) => setName(e.target.value)} required maxLength={40} autoFocus={!needsCode} />
      </label>
      <PinField label={t('signIn.pin')} value={pin} onChange={setPin} onFocus={() => setTarget('pin')} />
      <PinField label={t('setup.confirmPin')} value={confirm} onChange={setConfirm} onFocus={() => setTarget('confirm')} />
      <Keypad onDigit={(d) => edit((p) => digitsOnly(p + d))} onDelete={() => edit((p) => p.slice(0, -1))} onClear={() => edit(() => '')} />
      {problem ? (
        <p role="alert" className="error">
          {problem}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {t('setup.submit')}
      </button>
    </form>
  );
}
