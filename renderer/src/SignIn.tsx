/**
 * In a browser against the headless server the UI needs a key to call the API. Until PIN sign-in
 * (owner and cashier roles) lands, the owner pastes an API key, kept for this tab only.
 */
import { type FormEvent, useState } from 'react';
import { setApiKey } from './api.js';

export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [key, setKey] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApiKey(key.trim());
    onSignedIn();
  };
  return (
    <form className="signin" onSubmit={submit}>
      <label>
        API key
        <input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} placeholder="sk_test_…" required pattern="sk_(test|live)_[0-9A-Za-z]{32}" />
      </label>
      <button type="submit">Sign in</button>
      <p className="muted">Create one with <code>npx stablepos keys create --mode test</code>.</p>
    </form>
  );
}
