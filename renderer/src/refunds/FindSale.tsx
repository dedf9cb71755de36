/**
 * Finding the sale to refund by what staff remember of it: its amount ("12.50"), a word of its
 * description, or the start of its id. The API searches (`search` on the sessions list); a single
 * match is taken at once, several are listed to pick from.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getJson } from '../api.js';
import { dateFormat, money } from '../i18n/locale-format.js';
import { sessionState } from '../session-words.js';
import { loadError } from '../use-api.js';
import type { Session, SessionPage } from '../api-types.js';

const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
const LIMIT = 20;

export function FindSale({ onPick }: { onPick: (s: Session | undefined) => void }) {
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<SessionPage>();
  const [error, setError] = useState<string>();
  const { t } = useTranslation('refunds');

  const find = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setMatches(undefined);
    onPick(undefined);
    const q = text.trim();
    if (!q) return;
    try {
      const page = await getJson<SessionPage>(`/v1/payment/sessions?${new URLSearchParams({ search: q, limit: String(LIMIT) })}`);
      if (page.items.length === 1) onPick(page.items[0]);
      else setMatches(page);
    } catch (err) {
      setError(loadError(err));
    }
  };

  return (
    <>
      <form className="convert" onSubmit={(e) => void find(e)} role="search">
        <label>
          {t('find.label')}
          <input value={text} onChange={(e) => setText(e.target.value)} placeholder={t('find.placeholder')} required maxLength={200} />
        </label>
        <button type="submit">{t('find.submit')}</button>
      </form>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {matches && matches.items.length === 0 ? <p role="status">{t('find.noMatch', { text: text.trim() })}</p> : null}
      {matches && matches.items.length > 1 ? (
        <>
          <p role="status">
            {matches.has_more ? t('find.newest', { count: LIMIT }) : t('find.several', { count: matches.items.length })}
          </p>
          <ul className="matches" aria-label={t('find.matches')}>
            {matches.items.map((s) => (
              <li key={s.session_id}>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => {
                    setMatches(undefined);
                    onPick(s);
                  }}
                >
                  <strong>{money(s.amount)}</strong> · {sessionState(s)} · {when(s.created_at)}
                  {s.description ? ` · ${s.description}` : ''} <span className="muted">{s.session_id.slice(0, 14)}…</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
